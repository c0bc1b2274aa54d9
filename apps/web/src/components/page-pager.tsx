import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../lib/format.ts';

export type PagePagerProps = {
  /** the page shown, 1-based */
  page: number;
  /** rows per page: one of PAGE_SIZES (10, 25, 50, 100) */
  pageSize: number;
  /** rows in the whole list; undefined while the first page loads */
  count: number | undefined;
  /** a new page or page size; a new size starts again from page 1 */
  onChange: (page: number, pageSize: number) => void;
  isBusy?: boolean;
  /** names the pager's navigation landmark when a screen shows more than one list */
  label?: string;
};

/** Last page number for a count (at least 1). */
export function lastPageOf(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/**
 * Spec §2.7 pagination for page-numbered lists: 'Show entries', First, Prev, Next, Last, "Showing X–Y of N" and
 * "Page P of Q". Shared by the workflow trays and the legal lists.
 */
export function PagePager({ page, pageSize, count, onChange, isBusy = false, label }: PagePagerProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const known = count !== undefined;
  const lastPage = known ? lastPageOf(count, pageSize) : 1;
  const current = Math.min(Math.max(1, page), lastPage);
  const from = known && count > 0 ? (current - 1) * pageSize + 1 : 0;
  const to = known ? Math.min(count, current * pageSize) : 0;
  const hasPrev = known && current > 1;
  const hasNext = known && current < lastPage;

  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="page-pager">
      <NativeSelect
        label={String(t('ShowEntries'))}
        size="xs"
        w={140}
        value={String(pageSize)}
        disabled={isBusy}
        onChange={(event) => onChange(1, Number(event.currentTarget.value))}
        data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      />
      <Text size="sm" role="status" aria-live="polite" data-testid="pager-range">
        {known
          ? String(t('ShowingRange', { from: number.format(from), to: number.format(to), total: number.format(count) }))
          : ''}
      </Text>
      <Group component="nav" aria-label={label ?? String(t('Pagination'))} gap={4} wrap="nowrap">
        <Button variant="default" size="xs" disabled={!hasPrev || isBusy} onClick={() => onChange(1, pageSize)}>
          {String(t('First'))}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!hasPrev || isBusy}
          onClick={() => onChange(current - 1, pageSize)}
        >
          {String(t('Prev'))}
        </Button>
        <Text size="sm" px="xs" aria-current="page" data-testid="pager-page-number">
          {String(t('PageOf', { page: number.format(current), pages: number.format(lastPage) }))}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={!hasNext || isBusy}
          onClick={() => onChange(current + 1, pageSize)}
        >
          {String(t('Next'))}
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext || isBusy} onClick={() => onChange(lastPage, pageSize)}>
          {String(t('Last'))}
        </Button>
      </Group>
    </Group>
  );
}

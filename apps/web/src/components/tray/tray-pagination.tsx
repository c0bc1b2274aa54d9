import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { useTranslation } from 'react-i18next';
import { pageMove, shownRange, type PageDirection, type PageSize, type TrayState } from './tray-state.ts';
import { numberFormat } from '../../lib/format.ts';

export type PageInfo = { rowCount: number; count: number; nextCursor: string | null; prevCursor: string | null };

export type TrayPaginationProps = {
  state: TrayState;
  /** the page shown; undefined while the first page loads */
  page: PageInfo | undefined;
  onChange: (next: TrayState) => void;
  isBusy?: boolean;
};

/** Spec §2.7 pagination: 'Show entries', First, Prev, Next, Last and a "Showing X–Y of N" count, keyset pages. */
export function TrayPagination({ state, page, onChange, isBusy = false }: TrayPaginationProps) {
  const { t, i18n } = useTranslation();
  const hasPrev = page !== undefined && state.direction !== 'first' && page.prevCursor !== null;
  const hasNext = page !== undefined && state.direction !== 'last' && page.nextCursor !== null;
  const range = page ? shownRange(state, { ...page, hasPrev, hasNext }) : { from: 0, to: 0, page: 1 };
  const number = numberFormat(i18n.language);
  const lastPage = page ? Math.max(1, Math.ceil(page.count / state.pageSize)) : 1;

  const go = (move: PageDirection) => {
    if (page) onChange(pageMove(state, move, { ...page, shownFrom: range.from }));
  };

  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="tray-pagination">
      <NativeSelect
        label={String(t('ShowEntries'))}
        size="xs"
        w={140}
        value={String(state.pageSize)}
        onChange={(event) =>
          onChange({
            ...state,
            pageSize: Number(event.currentTarget.value) as PageSize,
            cursor: null,
            direction: 'first',
            from: 1,
          })
        }
        data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      />
      <Text size="sm" role="status" aria-live="polite" data-testid="tray-range">
        {page
          ? String(
              t('ShowingRange', {
                from: number.format(range.from),
                to: number.format(range.to),
                total: number.format(page.count),
              }),
            )
          : ''}
      </Text>
      <Group component="nav" aria-label={String(t('Pagination'))} gap={4} wrap="nowrap">
        <Button variant="default" size="xs" disabled={!hasPrev || isBusy} onClick={() => go('first')}>
          {String(t('First'))}
        </Button>
        <Button variant="default" size="xs" disabled={!hasPrev || isBusy} onClick={() => go('prev')}>
          {String(t('Prev'))}
        </Button>
        <Text size="sm" px="xs" aria-current="page" data-testid="tray-page-number">
          {String(t('PageOf', { page: number.format(range.page), pages: number.format(lastPage) }))}
        </Text>
        <Button variant="default" size="xs" disabled={!hasNext || isBusy} onClick={() => go('next')}>
          {String(t('Next'))}
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext || isBusy} onClick={() => go('last')}>
          {String(t('Last'))}
        </Button>
      </Group>
    </Group>
  );
}

import { Badge } from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { TFunction } from 'i18next';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../components/data-grid/data-grid.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { formatAmount, formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import type { DownloadedFile } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { saveFile } from '../../lib/save-file.ts';
import { addToast } from '../../lib/toast-store.ts';
import { valueText, type ValueKind } from '../../lib/value-label.ts';

// What the payments screens share: the screen title from the catalogue, money and date cells, status badges and a
// download that reports its failure.

export function useScreenTitle(routeName: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  return route ? translateKey(t, route.labelKey, route.label) : routeName;
}

export function useCells() {
  const { i18n } = useTranslation();
  return {
    money: (amount: string, currency: string) => formatAmount(amount, currency as Currency, i18n.language),
    date: (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : EMPTY_VALUE),
    dateTime: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : EMPTY_VALUE),
  };
}

const STATUS_COLORS: Record<string, string> = {
  INITIATED: 'blue.9',
  SUCCESS: 'green.9',
  APPROVED: 'green.9',
  FAILED: 'red.9',
  REJECTED: 'red.9',
  EXPIRED: 'gray.8',
};

export function StatusBadge({ kind, code }: { kind: ValueKind; code: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={STATUS_COLORS[code] ?? 'gray.8'} styles={{ label: { overflow: 'visible' } }}>
      {valueText(t, kind, code)}
    </Badge>
  );
}

export function errorText(t: TFunction, error: unknown): string {
  return describeError(error, t);
}

/** A file download whose failure says why in a toast. */
export function useDownload(from: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (input: { fetch: () => Promise<DownloadedFile>; fallbackName: string }) => ({
      file: await input.fetch(),
      fallbackName: input.fallbackName,
    }),
    onSuccess: ({ file, fallbackName }) => saveFile(file, fallbackName),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: errorText(t, error), type: 'error', from }),
  });
}

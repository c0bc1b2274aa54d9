import { Badge, Stack, Text } from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';

// What the field-work screens share: titles, code words, amounts.

export function useRouteTitle(routeName: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  return route ? translateKey(t, route.labelKey, route.label) : routeName;
}

/** PLANNED → Planned, SELF_OCCUPIED → SelfOccupied: the key's tail of a code. */
export function pascal(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The word of a code under a key prefix (FieldVisitPlanned, PvrStatusApproved, …), the code itself if none. */
export function useCodeWord(): (prefix: string, code: string) => string {
  const { t } = useTranslation();
  return (prefix, code) => translateKey(t, `${prefix}${pascal(code)}`, code);
}

export function useMoney(): (amount: string, currency: string) => string {
  const { i18n } = useTranslation();
  return (amount, currency) => formatAmount(amount, currency as Currency, i18n.language);
}

const STATUS_COLOURS: Record<string, string> = {
  PLANNED: 'blue.9',
  VISITED: 'teal.9',
  PTP: 'indigo.9',
  PAID: 'green.9',
  RTP: 'red.9',
  DOOR_LOCKED: 'orange.9',
  NOT_AVAILABLE: 'orange.9',
  SHIFTED: 'grape.9',
  NOT_FOUND: 'red.9',
  INITIATED: 'blue.9',
  DELEGATED: 'indigo.9',
  CAPTURED: 'teal.9',
  SENT_BACK: 'orange.9',
  APPROVED: 'green.9',
};

export function StatusBadge({ prefix, code }: { prefix: string; code: string }) {
  const word = useCodeWord();
  return (
    <Badge variant="filled" color={STATUS_COLOURS[code] ?? 'gray.8'}>
      {word(prefix, code)}
    </Badge>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dark.6">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

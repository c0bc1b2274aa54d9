import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AccountSearchHit } from '@recovery-desk/domain/lists/contracts.ts';
import { accountViewPath } from '@recovery-desk/domain/lists/search-trays.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/describe-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { searchAccounts } from './api/lists-api.ts';
import { listsKeys } from './api/query-keys.ts';

const MIN_LENGTH = 2;
const MATCHED_BY_KEY = {
  accountNo: 'MatchedByAccountNo',
  name: 'MatchedByName',
  phone: 'MatchedByPhone',
  pan: 'MatchedByPan',
} as const;

/**
 * The header's account search: account number, name, phone or PAN, in the acting unit's subtree
 * (GET /api/search/accounts, at most 10 hits); choosing a hit opens its account view. Loaded when the search box is
 * first focused or pointed at (./account-search.tsx), with what was typed so far and the focus.
 */
export type AccountSearchBoxProps = { initialValue?: string; hasFocus?: boolean };

export function AccountSearchBox({ initialValue = '', hasFocus = false }: AccountSearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actingUnit = useSession((session) => session.actingUnit);
  const [value, setValue] = useState(initialValue);
  const [debounced] = useDebouncedValue(value.trim(), 250);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  // Taking over from the light box: the focus and an open dropdown stay where the user left them.
  useEffect(() => {
    if (!hasFocus) return;
    const input = inputRef.current;
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    combobox.openDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the box replaces the light one
  }, []);
  const enabled = debounced.length >= MIN_LENGTH;

  const search = useQuery({
    queryKey: listsKeys.search(actingUnit, debounced),
    queryFn: ({ signal }) => searchAccounts(debounced, signal),
    enabled,
    staleTime: 30_000,
  });

  const open = (hit: AccountSearchHit) => {
    const tray = search.data?.openTray;
    const path = tray ? accountViewPath(tray, hit.accountId) : null;
    if (!path) return;
    combobox.closeDropdown();
    setValue('');
    void navigate(path);
  };

  let status: string | null = null;
  if (value.trim().length > 0 && value.trim().length < MIN_LENGTH) status = String(t('AccountSearchTooShort'));
  else if (enabled && (search.isPending || debounced !== value.trim())) status = String(t('AccountSearchSearching'));
  else if (enabled && search.isError) status = `${String(t('AccountSearchFailed'))} ${describeError(search.error, t)}`;
  else if (enabled && search.data?.hits.length === 0) status = String(t('AccountSearchNoHits', { query: debounced }));
  const hits = enabled && debounced === value.trim() ? (search.data?.hits ?? []) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const hit = hits.find((candidate) => String(candidate.accountId) === id);
        if (hit) open(hit);
      }}
      width={420}
      position="bottom-end"
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          size="xs"
          w={240}
          type="search"
          aria-label={String(t('AccountSearch'))}
          placeholder={String(t('AccountSearchPlaceholder'))}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={enabled && search.isFetching ? <Loader size={14} /> : null}
          data-testid="account-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={value.trim().length === 0}>
        <Combobox.Options aria-label={String(t('AccountSearchResults'))} data-testid="account-search-results">
          {hits.map((hit) => (
            <Combobox.Option
              key={hit.accountId}
              value={String(hit.accountId)}
              aria-label={String(t('AccountSearchOpen', { accountNo: hit.accountNo, name: hit.customerName }))}
              data-testid="account-search-hit"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {hit.accountNo} · {hit.customerName}
                  </Text>
                  <Text size="xs" c="dark.6" truncate>
                    {hit.unitName}
                    {hit.maskedPan ? ` · PAN ${hit.maskedPan}` : ''} · DPD {hit.dpd}
                  </Text>
                </div>
                <Badge size="xs" variant="light" color="gray.8" tt="none">
                  {String(t(MATCHED_BY_KEY[hit.matchedBy]))}
                </Badge>
              </Group>
            </Combobox.Option>
          ))}
          {status ? (
            <Combobox.Empty>
              <span role="status">{status}</span>
            </Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

import { TextInput } from '@mantine/core';
import { SEARCH_TRAYS } from '@recovery-desk/domain/lists/search-trays.ts';
import { authoritiesOf } from '@recovery-desk/domain/profile-access.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store.ts';

// The header's account search. The box is drawn at once; the search itself (Mantine's Combobox with its floating
// dropdown, the query and the reply's contract) loads when the box is first focused or pointed at, and takes over
// with what was typed and the focus (docs/architecture.md, "Page weight").
const AccountSearchBox = lazy(() => import('./account-search-box.tsx').then((m) => ({ default: m.AccountSearchBox })));

/** Whether the acting unit gives the user a collections tray whose account view a search hit can open in. */
export function useCanSearchAccounts(): boolean {
  const unit = useSession((session) => session.activeUnitData);
  const held = authoritiesOf(unit?.app_data.collapp ?? []);
  return SEARCH_TRAYS.some((tray) => held.includes(tray.authority));
}

/**
 * The header's account search: account number, name, phone or PAN, in the acting unit's subtree
 * (GET /api/search/accounts, at most 10 hits); choosing a hit opens its account view.
 */
export function AccountSearch() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<{ value: string; hasFocus: boolean } | null>(null);
  const [value, setValue] = useState('');
  const lightBox = (
    <TextInput
      size="xs"
      w={240}
      type="search"
      aria-label={String(t('AccountSearch'))}
      placeholder={String(t('AccountSearchPlaceholder'))}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onFocus={() => setWanted({ value, hasFocus: true })}
      onPointerEnter={() => setWanted((current) => current ?? { value, hasFocus: false })}
      data-testid="account-search"
    />
  );
  if (!wanted) return lightBox;
  return (
    <Suspense fallback={lightBox}>
      <AccountSearchBox
        initialValue={value}
        hasFocus={wanted.hasFocus || document.activeElement?.getAttribute('data-testid') === 'account-search'}
      />
    </Suspense>
  );
}

import { TextInput } from '@mantine/core';
import { SEARCH_TRAYS } from '@recovery-desk/domain/lists/search-trays.ts';
import { authoritiesOf } from '@recovery-desk/domain/profile-access.ts';
import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store.ts';
import type { AccountSearchBoxProps } from './account-search-box.tsx';

// The header's account search. The box is drawn at once; the search itself (Mantine's Combobox with its floating
// dropdown, the query and the reply's contract) loads when the box is first focused or pointed at, and takes over
// with what was typed so far and the focus (docs/architecture.md, "Page weight").

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
  const [value, setValue] = useState('');
  const [SearchBox, setSearchBox] = useState<ComponentType<AccountSearchBoxProps> | null>(null);
  const lightInput = useRef<HTMLInputElement>(null);
  const isLoading = useRef(false);
  const load = () => {
    if (isLoading.current) return;
    isLoading.current = true;
    import('./account-search-box.tsx')
      .then((module) => setSearchBox(() => module.AccountSearchBox))
      .catch((error: unknown) => {
        isLoading.current = false;
        console.error('The account search could not be loaded', error);
      });
  };
  if (SearchBox) {
    // rendered while the light box is still in the page: it hands over its focus
    const hasFocus = lightInput.current !== null && document.activeElement === lightInput.current;
    return <SearchBox initialValue={value} hasFocus={hasFocus} />;
  }
  return (
    <TextInput
      ref={lightInput}
      size="xs"
      w={240}
      type="search"
      aria-label={String(t('AccountSearch'))}
      placeholder={String(t('AccountSearchPlaceholder'))}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onFocus={load}
      onPointerEnter={load}
      data-testid="account-search"
    />
  );
}

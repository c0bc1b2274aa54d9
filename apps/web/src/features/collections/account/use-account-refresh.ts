import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addToast } from '../../../lib/toast-store.ts';
import { errorCodeOf } from '../api/describe-error.ts';
import { collectionsKeys } from '../api/query-keys.ts';

export function accountQueryKey(trayKey: TrayKey, accountId: string, actingUnit: number | null) {
  return collectionsKeys.account(trayKey, accountId, actingUnit);
}

/**
 * After a write on the account view: reload the view (and the trays, whose rows may change). A 409
 * STALE_VERSION means someone else changed the record first: say so and show the latest version.
 */
export function useAccountRefresh() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: collectionsKeys.all() });
  return {
    reload,
    /** true when the error was a stale version (already handled) */
    handleStale: (error: unknown, from: string): boolean => {
      if (errorCodeOf(error) !== 'STALE_VERSION') return false;
      addToast({ title: String(t('RecordChanged')), message: String(t('ErrorStaleVersion')), type: 'warning', from });
      void reload();
      return true;
    },
  };
}

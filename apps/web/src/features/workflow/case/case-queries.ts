import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { shouldRetryQuery } from '../../../lib/query-retry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fetchCaseView, fetchDefinition } from '../api/workflow-api.ts';

// Server state of the case screens: the case view per case and acting unit, and the definitions by code@version
// (a version never changes once published, so it is cached for the life of the page).

export function caseQueryKey(caseId: number | string, actingUnit: number | null) {
  return ['workflow', 'case', String(caseId), actingUnit] as const;
}

export const TRAY_QUERY_PREFIX = ['workflow', 'tray'] as const;

/** Client errors (404, 403, 400) are answers, not glitches: no retry (the app's one policy). */
export const retryServerErrors = shouldRetryQuery;

export function useCaseView(caseId: number | string | null) {
  const actingUnit = useSession((session) => session.actingUnit);
  return useQuery({
    queryKey: caseQueryKey(caseId ?? '', actingUnit),
    queryFn: ({ signal }) => fetchCaseView(caseId ?? '', signal),
    enabled: caseId !== null,
    retry: retryServerErrors,
  });
}

export function useDefinition(code: string | undefined, version: number | undefined) {
  return useQuery({
    queryKey: ['workflow', 'definition', code, version],
    queryFn: ({ signal }) => fetchDefinition(code ?? '', version ?? 0, signal),
    enabled: code !== undefined && version !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: retryServerErrors,
  });
}

/** Shows a new case view at once (the reply of an action or save) and marks the trays as stale. */
export function useCaseUpdated() {
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  return useCallback(
    (view: CaseView) => {
      queryClient.setQueryData(caseQueryKey(view.case.caseId, actingUnit), view);
      void queryClient.invalidateQueries({ queryKey: TRAY_QUERY_PREFIX });
    },
    [queryClient, actingUnit],
  );
}

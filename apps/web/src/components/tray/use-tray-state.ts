import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseTrayState, serializeTrayState, type TrayShape, type TrayState } from './tray-state.ts';

/** The tray state read from, and written to, the address bar (each change is a history entry). */
export function useTrayState(tray: TrayShape): [TrayState, (next: TrayState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Parse once per address, so the state object is stable between renders.
  const state = useMemo(() => parseTrayState(new URLSearchParams(key), tray), [key, tray]);
  const setState = useCallback(
    (next: TrayState) => setParams(serializeTrayState(next, tray), { preventScrollReset: true }),
    [setParams, tray],
  );
  return [state, setState];
}

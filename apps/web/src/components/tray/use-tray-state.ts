import { useUrlState } from '../../lib/url-state.ts';
import { trayUrlState, type TrayShape, type TrayState } from './tray-state.ts';

/** The tray state read from, and written to, the address bar (each change is a history entry). */
export function useTrayState(tray: TrayShape): [TrayState, (next: TrayState) => void] {
  const [state, setState] = useUrlState(trayUrlState(tray));
  return [state, setState];
}

import { tabViewName } from '@recovery-desk/domain/route-catalogue.ts';
import { recordOpenTab } from './session-store.ts';

/**
 * Spec §2.1: a list screen opens a detail in a new browser tab named `<screen>_tabView`; the
 * session remembers the open tabs. Returns the opened window (null when a pop-up blocker refused).
 */
export function openDetailInTab(listName: string, path: string): Window | null {
  const name = tabViewName(listName);
  recordOpenTab(name, path);
  return window.open(path, name);
}

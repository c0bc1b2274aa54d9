import { MAH400, TOAST_AUTO_DISMISS_MS } from '@recovery-desk/domain/sign-in-constants.ts';
import { createStore, useStore } from './external-store.ts';
import { navigateTo } from './navigation.ts';

// Shared toast state of spec §3: the pending toasts and the developer-mode flag.
export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: number; title: string; message: string; type: ToastType; from: string };
export type ToastInput = Omit<Toast, 'id'>;
export type ToastState = { toasts: Toast[]; developerMode: boolean };

function initialDeveloperMode(): boolean {
  try {
    return globalThis.localStorage?.getItem('developerMode') === 'true';
  } catch {
    return false;
  }
}

export const toastStore = createStore<ToastState>({ toasts: [], developerMode: initialDeveloperMode() });

let nextId = 1;
/** Bumped by resetToastsForTests: a dismissal timer of an earlier test (another title's owner) then does nothing. */
let generation = 0;

export function useToasts(): ToastState {
  return useStore(toastStore);
}

/** Spec §4: removal is by title — every pending toast with that title goes. */
export function removeToastByTitle(title: string): void {
  toastStore.set((state) => ({ ...state, toasts: state.toasts.filter((toast) => toast.title !== title) }));
}

/**
 * Adds a toast that dismisses itself after 5000 ms. A message carrying MAH400 (the product's only
 * error code, spec §8) sends the user to /error instead.
 */
export function addToast(input: ToastInput): void {
  if (input.message.includes(MAH400)) {
    navigateTo('/error', { state: { code: MAH400, message: input.message } });
    return;
  }
  const toast: Toast = { ...input, id: nextId++ };
  toastStore.set((state) => ({ ...state, toasts: [...state.toasts, toast] }));
  const born = generation;
  setTimeout(() => {
    if (born === generation) removeToastByTitle(toast.title);
  }, TOAST_AUTO_DISMISS_MS);
}

/** Test hook: no toasts, and the pending dismissals of earlier tests no longer remove the next test's toasts. */
export function resetToastsForTests(): void {
  generation += 1;
  toastStore.set((state) => ({ ...state, toasts: [] }));
}

export function setDeveloperMode(enabled: boolean): void {
  try {
    globalThis.localStorage?.setItem('developerMode', String(enabled));
  } catch {
    // Not persisted; the flag still holds for this page.
  }
  toastStore.set((state) => ({ ...state, developerMode: enabled }));
}

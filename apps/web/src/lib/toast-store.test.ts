import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation.ts';
import { addToast, removeToastByTitle, setDeveloperMode, toastStore } from './toast-store.ts';

describe('toast store (spec §3, §4, §8)', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    setNavigator(navigate);
    toastStore.set({ toasts: [], developerMode: false });
  });

  afterEach(() => {
    vi.useRealTimers();
    setNavigator(null);
    navigate.mockReset();
  });

  it('dismisses a toast automatically after 5000 ms', () => {
    addToast({ title: 'System Msg', message: 'OTP sent', type: 'success', from: 'test' });
    expect(toastStore.get().toasts).toHaveLength(1);
    vi.advanceTimersByTime(4999);
    expect(toastStore.get().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get().toasts).toHaveLength(0);
  });

  it('removes every toast with the given title', () => {
    addToast({ title: 'Error', message: 'one', type: 'error', from: 'a' });
    addToast({ title: 'Error', message: 'two', type: 'error', from: 'b' });
    addToast({ title: 'System Msg', message: 'three', type: 'success', from: 'c' });
    removeToastByTitle('Error');
    expect(toastStore.get().toasts.map((toast) => toast.message)).toEqual(['three']);
  });

  it('sends a message carrying MAH400 to /error instead of showing it', () => {
    addToast({ title: 'Error', message: 'Request refused MAH400 by server', type: 'error', from: 'api' });
    expect(navigate).toHaveBeenCalledWith('/error', {
      state: { code: 'MAH400', message: 'Request refused MAH400 by server' },
    });
    addToast({ title: 'Error', message: 'MAH400: unit mismatch', type: 'error', from: 'api' });
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(toastStore.get().toasts).toHaveLength(0);
  });

  it('keeps the developer-mode flag in shared state and in localStorage', () => {
    setDeveloperMode(true);
    expect(toastStore.get().developerMode).toBe(true);
    expect(localStorage.getItem('developerMode')).toBe('true');
  });
});

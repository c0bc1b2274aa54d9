import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToast, setDeveloperMode, toastStore } from '../lib/toast-store.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ToastContainer } from './toast-container.tsx';

describe('ToastContainer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => vi.useRealTimers());

  it('renders nothing when there are no toasts', () => {
    renderWithProviders(<ToastContainer />);
    expect(screen.queryByTestId('toast-container')).toBeNull();
  });

  it('shows title and message, closes by its button, and hides the source unless developer mode is on', () => {
    renderWithProviders(<ToastContainer />);
    act(() => addToast({ title: 'System Msg', message: 'OTP sent', type: 'success', from: 'login/sendOtp' }));
    expect(screen.getByText('System Msg')).toBeTruthy();
    expect(screen.getByText('OTP sent')).toBeTruthy();
    expect(screen.queryByText('From: login/sendOtp')).toBeNull();
    act(() => setDeveloperMode(true));
    expect(screen.getByText('From: login/sendOtp')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('toast-container')).toBeNull();
  });

  it('dismisses itself after 5000 ms', () => {
    renderWithProviders(<ToastContainer />);
    act(() => addToast({ title: 'Error', message: 'Bad', type: 'error', from: 'x' }));
    expect(screen.getByText('Bad')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Bad')).toBeNull();
  });
});

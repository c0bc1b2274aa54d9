import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, storeTokens } from '../lib/session-store.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PageSkeleton } from './page-skeleton.tsx';

describe('PageSkeleton', () => {
  afterEach(() => {
    clearSession();
  });

  it("keeps the shell's frame around a content skeleton for a signed-in app screen (no centred spinner)", () => {
    storeTokens('access-token', 'refresh-token');
    renderWithProviders(<PageSkeleton pathname="/collapp/telecaller" />, { path: '/collapp/telecaller' });
    const shell = screen.getByTestId('shell-skeleton');
    expect(shell.querySelector('header')?.textContent).toContain('Recovery Desk');
    expect(shell.querySelector('nav')).not.toBeNull();
    const content = screen.getByTestId('content-skeleton');
    expect(content.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Loading content');
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a card skeleton for the login page and for a signed-out visitor', () => {
    renderWithProviders(<PageSkeleton pathname="/login" />, { path: '/login' });
    expect(screen.getByTestId('card-skeleton')).toBeTruthy();
    expect(screen.queryByTestId('shell-skeleton')).toBeNull();
  });

  it('shows a card skeleton for an app screen while signed out (the guard will send the visitor to /login)', () => {
    renderWithProviders(<PageSkeleton pathname="/collapp/telecaller" />, { path: '/collapp/telecaller' });
    expect(screen.queryByTestId('shell-skeleton')).toBeNull();
    expect(screen.getByTestId('card-skeleton')).toBeTruthy();
  });
});

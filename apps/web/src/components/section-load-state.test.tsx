import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SectionLoadState } from './section-load-state.tsx';

// A section's loading and failed states: announced while loading, the error in words with a retry, nothing with data.

const query = (patch: Partial<Parameters<typeof SectionLoadState>[0]['query']>) => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...patch,
});

describe('SectionLoadState', () => {
  it('announces the loading section to screen readers', () => {
    renderWithProviders(<SectionLoadState query={query({ isPending: true })} loading="Loading the yard…" failed="x" />);
    expect(screen.getByRole('status').textContent).toContain('Loading the yard…');
  });

  it('words the failure and tries again on request', () => {
    const failed = query({ isError: true, error: new HttpError(503, { detail: 'The database is not reachable.' }) });
    renderWithProviders(<SectionLoadState query={failed} loading="x" failed="The yard record could not be loaded" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The yard record could not be loaded');
    fireEvent.click(screen.getByRole('button'));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing once the data is there', () => {
    renderWithProviders(<SectionLoadState query={query({})} loading="x" failed="y" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { useClickFlicker } from './use-click-flicker.ts';

function Flicker({ color }: { color?: string }) {
  const flicker = useClickFlicker(color);
  return (
    <button type="button" onClick={flicker} style={{ backgroundColor: 'rgb(24, 100, 171)' }}>
      Go
    </button>
  );
}

describe('useClickFlicker (spec §9: 500 ms, light green by default)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flashes light green for 500 ms, then restores the colour', () => {
    renderWithProviders(<Flicker />);
    const button = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(button);
    expect(button.style.backgroundColor).toBe('rgb(144, 238, 144)');
    vi.advanceTimersByTime(499);
    expect(button.style.backgroundColor).toBe('rgb(144, 238, 144)');
    vi.advanceTimersByTime(1);
    expect(button.style.backgroundColor).toBe('rgb(24, 100, 171)');
  });

  it('uses a configured colour', () => {
    renderWithProviders(<Flicker color="#ffd700" />);
    const button = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(button);
    expect(button.style.backgroundColor).toBe('rgb(255, 215, 0)');
  });
});

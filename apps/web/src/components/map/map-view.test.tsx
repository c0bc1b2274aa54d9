import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { MapPoint, MapTrack } from './map-types.ts';
import { MapView } from './map-view.tsx';
import { RoutePlayer } from './route-player.tsx';

// The map component's controls with its Leaflet side recorded (jsdom lays nothing out; leaflet-map.test.ts drives the
// real Leaflet): drawing hands the selected ids to the screen, the keyboard alternatives select too, and the route
// player plays, pauses and scrubs on requestAnimationFrame (fake timers).

const calls: { playheads: number[]; drawn: ((ids: (string | number)[]) => void) | null; cleared: number } = {
  playheads: [],
  drawn: null,
  cleared: 0,
};
vi.mock('./leaflet-map.ts', () => ({
  createLeafletMap: (_element: HTMLElement, _settings: unknown, onBasemap: (kind: string) => void) => {
    onBasemap('offline');
    return {
      update: () => undefined,
      select: () => undefined,
      draw: (_mode: string, onDrawn: (ids: (string | number)[]) => void) => {
        calls.drawn = onDrawn;
      },
      finishDrawing: () => calls.drawn?.(['a', 'b']),
      clearDrawing: () => {
        calls.cleared += 1;
      },
      setPlayhead: (at: number) => calls.playheads.push(at),
      basemap: () => 'offline',
      destroy: () => undefined,
    };
  },
}));

beforeEach(() => {
  calls.playheads = [];
  calls.drawn = null;
  calls.cleared = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { tileUrl: null, attribution: null })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const points: MapPoint[] = [
  { id: 'a', latitude: 19.1, longitude: 72.9, label: 'Asha Patil', pincode: '400001' },
  { id: 'b', latitude: 19.2, longitude: 72.95, label: 'Bala Rao', pincode: '400002' },
  { id: 'c', latitude: 13.08, longitude: 80.27, label: 'Chitra N', pincode: '600001' },
];

function Selectable() {
  const [selected, setSelected] = useState<(string | number)[]>([]);
  return (
    <>
      <MapView label="Accounts" points={points} cluster selected={selected} onSelect={setSelected} />
      <output data-testid="chosen">{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('selection on the map', () => {
  it('gives the ids drawn by a polygon to the screen, and clears them', async () => {
    renderWithProviders(<Selectable />);
    const draw = screen.getByRole('button', { name: 'Draw a polygon' });
    await waitFor(() => expect((draw as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(draw);
    expect(draw.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Finish the polygon' }));
    expect(screen.getByTestId('chosen').textContent).toBe('a,b');
    expect(screen.getByTestId('map-view-selected').textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByTestId('chosen').textContent).toBe('');
    expect(calls.cleared).toBe(1);
  });

  it('selects by a list of pincodes and by the table’s checkboxes (keyboard alternatives)', async () => {
    renderWithProviders(<Selectable />);
    fireEvent.change(screen.getByLabelText(/Select by pincodes/), { target: { value: '400002, 600001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByTestId('chosen').textContent).toBe('b,c');
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Accounts: table' });
    expect(within(table).getByText('400001')).toBeTruthy();
    const boxes = within(table).getAllByRole('checkbox');
    // the header's select-all, then one per row
    fireEvent.click(boxes[1]!);
    expect(screen.getByTestId('chosen').textContent).toBe('a,b,c');
  });
});

const HOUR = 3_600_000;
const day = Date.UTC(2026, 10, 27, 3, 30); // 09:00 in India
const track: MapTrack = {
  positions: [
    { latitude: 19.0, longitude: 72.8, at: day },
    { latitude: 19.1, longitude: 72.9, at: day + HOUR },
    { latitude: 19.2, longitude: 73.0, at: day + 2 * HOUR },
  ],
  stops: [
    { id: 1, latitude: 19.1, longitude: 72.9, from: day + HOUR, to: day + HOUR + 42 * 60_000, label: 'Asha Patil' },
  ],
  events: [{ id: 'r', latitude: 19.1, longitude: 72.9, label: 'Receipt R-1' }],
};

describe('route playback', () => {
  it('plays at the chosen speed, moving the marker and the scrubber, and pause stops it', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'Date'],
    });
    renderWithProviders(<RoutePlayer label="Route of the day" track={track} />);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    const scrubber = screen.getByRole('slider', { name: 'Time on the route' });
    expect(Number((scrubber as HTMLInputElement).value)).toBe(day);
    expect(screen.getByTestId('route-player-time').textContent).toMatch(/09:00:00/);
    fireEvent.click(screen.getByRole('radio', { name: '60×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => {
      vi.advanceTimersByTime(10_000); // 10 s at 60× = 10 minutes of the route
    });
    const played = Number((scrubber as HTMLInputElement).value);
    expect(played).toBeGreaterThan(day + 9 * 60_000);
    expect(played).toBeLessThanOrEqual(day + 10 * 60_000);
    expect(calls.playheads.at(-1)).toBeCloseTo(played, -4);
    expect(screen.getByTestId('route-player-time').textContent).toMatch(/09:(09|10)/);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const paused = Number((scrubber as HTMLInputElement).value);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(Number((scrubber as HTMLInputElement).value)).toBe(paused);
  });

  it('scrubs to a time, and lists stops with their durations in the table', async () => {
    renderWithProviders(<RoutePlayer label="Route of the day" track={track} />);
    const scrubber = await screen.findByRole('slider', { name: 'Time on the route' });
    fireEvent.change(scrubber, { target: { value: String(day + HOUR) } });
    expect(screen.getByTestId('route-player-time').textContent).toMatch(/10:00:00/);
    await waitFor(() => expect(calls.playheads.at(-1)).toBe(day + HOUR));
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Route of the day: table' });
    expect(within(table).getByText('0:42')).toBeTruthy();
    expect(within(table).getByText('Receipt R-1')).toBeTruthy();
  });
});

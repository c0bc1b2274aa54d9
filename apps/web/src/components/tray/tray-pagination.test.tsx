import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TrayPagination, type PageInfo } from './tray-pagination.tsx';
import { defaultTrayState, type TrayState } from './tray-state.ts';

const telecaller = findTray('telecaller')!;

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

function renderPagination(state: TrayState, page: PageInfo | undefined) {
  const onChange = vi.fn();
  renderWithProviders(<TrayPagination state={state} page={page} onChange={onChange} />);
  return onChange;
}

describe('TrayPagination (spec §2.7 labels, keyset pages)', () => {
  it('on the first page: First and Prev are disabled, Next and Last move on', () => {
    const onChange = renderPagination(defaultTrayState(telecaller), {
      rowCount: 25,
      count: 60,
      nextCursor: 'cursor-25',
      prevCursor: null,
    });
    expect(screen.getByLabelText('Show entries')).toBeTruthy();
    expect(button('First').disabled).toBe(true);
    expect(button('Prev').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Last').disabled).toBe(false);
    expect(screen.getByTestId('tray-range').textContent).toBe('Showing 1–25 of 60');
    expect(screen.getByTestId('tray-page-number').textContent).toBe('Page 1 of 3');

    fireEvent.click(button('Next'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ direction: 'next', cursor: 'cursor-25', from: 26 }),
    );
    fireEvent.click(button('Last'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ direction: 'last', cursor: null, from: 36 }));
  });

  it('on the last page: Next and Last are disabled, First and Prev go back', () => {
    const onChange = renderPagination(
      { ...defaultTrayState(telecaller), direction: 'last', from: 36 },
      { rowCount: 25, count: 60, nextCursor: null, prevCursor: 'cursor-36' },
    );
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
    expect(screen.getByTestId('tray-range').textContent).toBe('Showing 36–60 of 60');
    expect(screen.getByTestId('tray-page-number').textContent).toBe('Page 3 of 3');
    fireEvent.click(button('Prev'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ direction: 'prev', cursor: 'cursor-36', from: 11 }),
    );
    fireEvent.click(button('First'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ direction: 'first', cursor: null, from: 1 }));
  });

  it('a single page disables every move', () => {
    renderPagination(defaultTrayState(telecaller), { rowCount: 3, count: 3, nextCursor: null, prevCursor: null });
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(button(name).disabled).toBe(true);
    expect(screen.getByTestId('tray-range').textContent).toBe('Showing 1–3 of 3');
  });

  it('changing Show entries starts again from the first page with the new size', () => {
    const onChange = renderPagination(
      { ...defaultTrayState(telecaller), direction: 'next', cursor: 'c', from: 26 },
      { rowCount: 25, count: 60, nextCursor: 'n', prevCursor: 'p' },
    );
    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '100' } });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageSize: 100, direction: 'first', cursor: null, from: 1 }),
    );
  });

  it('while the first page loads every move is disabled and no count is shown', () => {
    renderPagination(defaultTrayState(telecaller), undefined);
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(button(name).disabled).toBe(true);
    expect(screen.getByTestId('tray-range').textContent).toBe('');
  });
});

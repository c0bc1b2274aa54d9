import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { lastPageOf, PagePager } from './page-pager.tsx';

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

function renderPager(page: number, pageSize: number, count: number | undefined, isBusy = false) {
  const onChange = vi.fn();
  renderWithProviders(<PagePager page={page} pageSize={pageSize} count={count} onChange={onChange} isBusy={isBusy} />);
  return onChange;
}

describe('PagePager (spec §2.7 labels, numbered pages)', () => {
  it('on the first page: First and Prev are disabled, Next and Last move on', () => {
    const onChange = renderPager(1, 25, 60);
    expect(screen.getByLabelText('Show entries')).toBeTruthy();
    expect(button('First').disabled).toBe(true);
    expect(button('Prev').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Last').disabled).toBe(false);
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 1–25 of 60');
    expect(screen.getByTestId('pager-page-number').textContent).toBe('Page 1 of 3');
    fireEvent.click(button('Next'));
    expect(onChange).toHaveBeenLastCalledWith(2, 25);
    fireEvent.click(button('Last'));
    expect(onChange).toHaveBeenLastCalledWith(3, 25);
  });

  it('in the middle every move is possible', () => {
    const onChange = renderPager(2, 10, 35);
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 11–20 of 35');
    fireEvent.click(button('Prev'));
    expect(onChange).toHaveBeenLastCalledWith(1, 10);
    fireEvent.click(button('First'));
    expect(onChange).toHaveBeenLastCalledWith(1, 10);
    fireEvent.click(button('Next'));
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
  });

  it('on the last page: Next and Last are disabled', () => {
    renderPager(3, 25, 60);
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 51–60 of 60');
    expect(screen.getByTestId('pager-page-number').textContent).toBe('Page 3 of 3');
  });

  it('an empty list shows 0–0 and disables every move', () => {
    renderPager(1, 25, 0);
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(button(name).disabled).toBe(true);
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 0–0 of 0');
  });

  it('changing Show entries starts again from page 1 with the new size', () => {
    const onChange = renderPager(3, 25, 60);
    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '100' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 100);
  });

  it('while loading or busy every move is disabled', () => {
    renderPager(1, 25, undefined);
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(button(name).disabled).toBe(true);
    expect(screen.getByTestId('pager-range').textContent).toBe('');
  });

  it('lastPageOf rounds up and is at least 1', () => {
    expect(lastPageOf(0, 25)).toBe(1);
    expect(lastPageOf(25, 25)).toBe(1);
    expect(lastPageOf(26, 25)).toBe(2);
  });
});

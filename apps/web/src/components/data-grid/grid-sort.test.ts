import { describe, expect, it } from 'vitest';
import { nextSort } from './data-grid.tsx';

describe("a grid header's sort press", () => {
  it('goes ascending → descending → the list default, and starts ascending on another column', () => {
    expect(nextSort(null, 'dpd')).toEqual({ key: 'dpd', order: 'asc' });
    expect(nextSort({ key: 'dpd', order: 'asc' }, 'dpd')).toEqual({ key: 'dpd', order: 'desc' });
    expect(nextSort({ key: 'dpd', order: 'desc' }, 'dpd')).toBeNull();
    expect(nextSort({ key: 'dpd', order: 'desc' }, 'name')).toEqual({ key: 'name', order: 'asc' });
  });
});

import { renderHook } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs.ts';

describe('useMergeRefs (for Mantine ScrollArea)', () => {
  it('sets object and callback refs, clears them on detach, and is null without refs', () => {
    const objectRef = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const { result } = renderHook(() => useMergeRefs<HTMLDivElement>([objectRef, callback, undefined]));
    const node = document.createElement('div');
    result.current?.(node);
    expect(objectRef.current).toBe(node);
    expect(callback).toHaveBeenLastCalledWith(node);
    result.current?.(null);
    expect(objectRef.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
    expect(renderHook(() => useMergeRefs([undefined, null])).result.current).toBeNull();
  });
});

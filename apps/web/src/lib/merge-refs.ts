import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

// floating-ui's `useMergeRefs` (MIT, @floating-ui/react), for Mantine's ScrollArea (the grids' scroll container):
// the build gives ScrollArea this copy instead of @floating-ui/react, so a list does not download floating-ui
// (≈ 15 KB gzip) for one hook (build/light-dependencies.ts; docs/architecture.md, "Page weight").
export function useMergeRefs<Instance>(refs: readonly (Ref<Instance> | undefined)[]): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const cleanup = ref(instance);
          return typeof cleanup === 'function' ? cleanup : () => void ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => cleanups.forEach((cleanup) => cleanup?.());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are the dependencies, as in floating-ui
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are the dependencies, as in floating-ui
    refs,
  );
}

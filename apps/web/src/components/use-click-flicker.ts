import { useCallback, useEffect, useRef } from 'react';

export const FLICKER_DEFAULT_COLOR = '#90ee90';
export const FLICKER_DURATION_MS = 500;

/**
 * The click flicker effect of spec §9: the clicked element flashes a colour (light green by
 * default) for 500 ms, then gets its own colours back.
 */
export function useClickFlicker(color: string = FLICKER_DEFAULT_COLOR, durationMs: number = FLICKER_DURATION_MS) {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return useCallback(
    (event: { currentTarget: HTMLElement }) => {
      const element = event.currentTarget;
      if (element.dataset.flicker === 'on') return;
      const previousBackground = element.style.backgroundColor;
      const previousColor = element.style.color;
      element.dataset.flicker = 'on';
      element.style.backgroundColor = color;
      element.style.color = '#1a1b1e';
      const timer = setTimeout(() => {
        element.style.backgroundColor = previousBackground;
        element.style.color = previousColor;
        delete element.dataset.flicker;
        timers.current.delete(timer);
      }, durationMs);
      timers.current.add(timer);
    },
    [color, durationMs],
  );
}

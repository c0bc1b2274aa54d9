import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerWorkflowFeatures } from '../app/workflow-features.ts';
import { loadStageWidgets } from '../features/workflow/widgets.ts';
import { DICTIONARY_PART_NAMES } from 'virtual:dictionary-parts';
import { loadDictionaryParts } from '../lib/i18n/i18n.ts';
import { resetToastsForTests } from '../lib/toast-store.ts';

// findBy*/waitFor wait up to 5 s (the library's default is 1 s): the two test workers share two cores with the rest of
// a CI run, and a screen that needs a little longer to render is not a failure. Passing tests do not wait longer.
configure({ asyncUtilTimeout: 5_000 });

// The features' workflow screens and widgets, registered as at start (app/route-registry.ts) and as the workflow
// screens load them.
registerWorkflowFeatures();
await loadStageWidgets();
// Every part of the dictionary, as the screens' routes load them (app/router.tsx).
await loadDictionaryParts(DICTIONARY_PART_NAMES);

// jsdom lacks a few browser APIs Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class TestResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= TestResizeObserver as unknown as typeof ResizeObserver;

Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Mantine's autosizing textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Test files share the module graph: the toasts, and the 5 s dismissals still pending, are each test's own.
  resetToastsForTests();
});

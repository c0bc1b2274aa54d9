import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChatWidget, resetChatWidgetForTests } from './chat-widget.ts';

describe('chat assistant widget loader', () => {
  // Web test files share one module graph per worker: another file's shell may have started the widget already.
  beforeEach(() => resetChatWidgetForTests());
  afterEach(() => {
    resetChatWidgetForTests();
    vi.restoreAllMocks();
    document.querySelectorAll('script[data-chat-widget]').forEach((script) => script.remove());
  });

  it('warns once when no address is configured', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Reset here, with nothing awaited before the calls: a previous file's shell effect can start the widget (and add
    // its script) between the hook and the test.
    resetChatWidgetForTests();
    document.querySelectorAll('script[data-chat-widget]').forEach((script) => script.remove());
    loadChatWidget('');
    loadChatWidget('');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
  });

  it('injects the script, and a load failure only logs a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    resetChatWidgetForTests();
    loadChatWidget('https://chat.example.test/widget.js');
    const script = document.querySelector<HTMLScriptElement>('script[data-chat-widget]');
    expect(script?.src).toBe('https://chat.example.test/widget.js');
    script?.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledTimes(1);
  });
});

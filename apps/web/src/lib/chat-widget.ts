// The chat-assistant widget of spec §1: loaded from a configured script address. No address:
// one console warning. A load failure: a console error only; the user sees nothing.
let isStarted = false;

export function loadChatWidget(url: string, doc: Document = document): void {
  if (isStarted) return;
  isStarted = true;
  if (!url) {
    console.warn('Chat assistant: no widget script address is configured, so the widget is not loaded.');
    return;
  }
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.chatWidget = 'true';
  script.addEventListener('error', () =>
    console.error(`Chat assistant: the widget script could not be loaded from ${url}.`),
  );
  doc.body.appendChild(script);
}

/** Test hook: lets a test start from a fresh page. */
export function resetChatWidgetForTests(): void {
  isStarted = false;
}

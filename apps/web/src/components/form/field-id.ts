// Field ids of the form kit, shared by the full kit (zod-form.tsx) and the light form (light-form.tsx).

/** The DOM id of a kit field (labels, focus and e2e selectors use it). */
export function fieldId(name: string): string {
  return `field-${name}`;
}

/** Focuses the invalid field that comes first on the page (not first in registration order). */
export function focusFirstInvalid(names: readonly string[]): void {
  const elements = names
    .map((name) => document.getElementById(fieldId(name)))
    .filter((element): element is HTMLElement => element !== null);
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  elements[0]?.focus();
}

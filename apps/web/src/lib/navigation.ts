// Lets non-React code (http client, toasts) navigate through the router once the app registers it.
export type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else globalThis.location?.assign(to);
}

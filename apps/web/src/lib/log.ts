// Console logging is off by default (spec §9); set localStorage `debugLog` to 'true' to turn it on.
export function isLogEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem('debugLog') === 'true';
  } catch {
    return false;
  }
}

export function log(...args: unknown[]): void {
  // eslint-disable-next-line no-console
  if (isLogEnabled()) console.info('[recovery-desk]', ...args);
}

import type { PublicConfig } from '@recovery-desk/domain/sign-in.ts';
import { createStore, useStore } from './external-store.ts';

// Public, non-secret configuration, loaded once at start (GET /api/public-config).
export const PUBLIC_CONFIG_PATH = '/api/public-config';

// The reply is checked field by field here rather than by the contract's zod schema (publicConfigSchema), so that the
// login page does not download zod: seven flat fields. The record's type names every field of the contract, so a
// field added to the schema fails the type check until it is checked here too (public-config.test.ts holds both
// checks to the same answers).
const FIELD_CHECKS: { [Field in keyof PublicConfig]-?: (value: unknown) => boolean } = {
  otpForLogin: (value) => value === 'YES' || value === 'NO',
  userkeyKey: (value) => typeof value === 'string',
  ssoEnabled: (value) => typeof value === 'boolean',
  chatWidgetUrl: (value) => typeof value === 'string',
  mapsApiKey: (value) => typeof value === 'string',
  demoMode: (value) => typeof value === 'boolean',
  mobileDeepLink: (value) => typeof value === 'string',
};

/** The public configuration in a reply (its fields only), or an error naming the first field that is wrong. */
export function parsePublicConfig(reply: unknown): PublicConfig {
  if (typeof reply !== 'object' || reply === null) throw new Error('public config: the reply is not an object');
  const record = reply as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(FIELD_CHECKS)) {
    if (!check(record[field])) throw new Error(`public config: ${field} is missing or invalid`);
    config[field] = record[field];
  }
  return config as PublicConfig;
}

const configStore = createStore<PublicConfig | null>(null);

export async function loadPublicConfig(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<PublicConfig> {
  const response = await fetchImpl(PUBLIC_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`public config: HTTP ${response.status}`);
  const config = parsePublicConfig(await response.json());
  configStore.set(config);
  return config;
}

export function setPublicConfig(config: PublicConfig): void {
  configStore.set(config);
}

export function getPublicConfig(): PublicConfig {
  const config = configStore.get();
  if (!config) throw new Error('Public configuration is not loaded yet');
  return config;
}

export function usePublicConfig(): PublicConfig {
  const config = useStore(configStore);
  if (!config) throw new Error('Public configuration is not loaded yet');
  return config;
}

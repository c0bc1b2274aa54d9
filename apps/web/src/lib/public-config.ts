import { publicConfigSchema, type PublicConfig } from '@recovery-desk/domain/sign-in.ts';
import { createStore, useStore } from './external-store.ts';

// Public, non-secret configuration, loaded once at start (GET /api/public-config).
export const PUBLIC_CONFIG_PATH = '/api/public-config';

const configStore = createStore<PublicConfig | null>(null);

export async function loadPublicConfig(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<PublicConfig> {
  const response = await fetchImpl(PUBLIC_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`public config: HTTP ${response.status}`);
  const config = publicConfigSchema.parse(await response.json());
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

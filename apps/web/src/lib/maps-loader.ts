import { apiClient } from './http-client.ts';
import { log } from './log.ts';
import { getPublicConfig } from './public-config.ts';
import { sessionStore } from './session-store.ts';

// Spec §7: the maps script is loaded with the configured key and the geometry library (plus
// drawing on request); after it loads, /googleApiTrackerApi records the use for the acting unit.
const MAPS_SCRIPT_BASE = 'https://maps.googleapis.com/maps/api/js';
const loaded = new Map<string, Promise<boolean>>();

export function trackMapsApiUse(googleApi: string, callFrom: string): Promise<unknown> {
  const unitCode = sessionStore.get().activeUnitData?.unit_code ?? '';
  return apiClient.post('/googleApiTrackerApi', { data: { username: unitCode, googleApi, callFrom } });
}

/** Resolves true when the commercial maps script is available, false when no key is configured or it failed. */
export function loadMapsScript(
  callFrom: string,
  { withDrawing = false }: { withDrawing?: boolean } = {},
): Promise<boolean> {
  const key = getPublicConfig().mapsApiKey;
  if (!key) return Promise.resolve(false);
  const libraries = withDrawing ? 'geometry,drawing' : 'geometry';
  const src = `${MAPS_SCRIPT_BASE}?key=${encodeURIComponent(key)}&libraries=${libraries}`;
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => {
        trackMapsApiUse(`maps-javascript:${libraries}`, callFrom).catch((error: unknown) =>
          log('maps tracker failed', error),
        );
        resolve(true);
      });
      script.addEventListener('error', () => {
        console.error('Maps: the maps script could not be loaded; the open map is used instead.');
        loaded.delete(src);
        resolve(false);
      });
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

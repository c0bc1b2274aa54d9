import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const MAPS_SCRIPT_ORIGINS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

/**
 * Content-Security-Policy: only our own origin, plus data: images, inline styles (Mantine and the API
 * docs set style attributes at run time), the chat widget's origin when CHAT_WIDGET_URL is set and the
 * maps script's origins when MAPS_API_KEY is set.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const chat = config.chatWidgetUrl ? [new URL(config.chatWidgetUrl).origin] : [];
  const maps = config.mapsApiKey ? MAPS_SCRIPT_ORIGINS : [];
  // The open map's tiles (MAP_TILE_URL): its origin, a {s} subdomain as a wildcard.
  const tiles = config.mapTileUrl
    ? [new URL(config.mapTileUrl.replaceAll('{s}', 'tile-subdomain')).origin.replace('tile-subdomain', '*')]
    : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...chat, ...maps],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...maps, ...tiles],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...chat, ...maps],
  };
  if (config.publicUrl?.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The headers helmet sets for this configuration. They depend on the configuration only, never on the request, so
 * they are computed once at start (helmet's Fastify plugin rebuilt the middleware and re-parsed the CSP directives
 * on every request).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // HSTS only means something behind https.
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? { maxAge: 31_536_000 } : false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // On every reply, refusals and errors included: the hook runs before any other.
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Closed unless CORS_ORIGINS lists origins: the web app is served from the same origin.
  if (config.corsOrigins.length === 0) return;
  app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Acting-Unit', 'X-XSRF-TOKEN', 'Idempotency-Key'],
    exposedHeaders: ['x-request-id', 'retry-after'],
    credentials: false,
    maxAge: 600,
  });
}

import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...chat, ...maps],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...maps],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...chat, ...maps],
  };
  if (config.publicUrl?.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // HSTS only means something behind https.
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? { maxAge: 31_536_000 } : false,
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

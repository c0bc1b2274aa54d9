import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

// The built web app (WEB_DIST) is served from the same origin as the API. Unknown GETs that are not API
// paths get index.html (the SPA router takes over); API-looking paths keep answering JSON 404s.

const API_PREFIXES = ['/api/', '/token/', '/sso/', '/docs/', '/collapp/getUserProfileNew/'];
const API_PATHS = new Set([
  '/api',
  '/docs',
  '/healthz',
  '/readyz',
  '/sendOtpApi',
  '/forPassEmailVerify',
  '/VerifyOtpApi',
  '/googleApiTrackerApi',
  '/collapp/getuserprofile',
  '/collapp/userChangePasswordApi',
]);

function isApiPath(pathname: string): boolean {
  return API_PATHS.has(pathname) || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const built = fs.existsSync(path.join(root, 'index.html'));
  if (built) await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { config: { auth: 'public', cacheable: true }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) throw new AppError('NOT_FOUND', 'There is no GET endpoint at this path.');
    if (!built) {
      throw new AppError('NOT_FOUND', 'The web app is not built: run `npm run build -w @recovery-desk/web`.');
    }
    let relative: string;
    try {
      relative = decodeURIComponent(pathname).replace(/^\/+/, '');
    } catch {
      throw new AppError('BAD_REQUEST', 'Malformed path');
    }
    const absolute = path.resolve(root, relative);
    if (relative !== '' && absolute.startsWith(root + path.sep) && (await isFile(absolute))) {
      const hashed = relative.startsWith('assets/');
      return reply.sendFile(relative, { maxAge: hashed ? 31_536_000_000 : 0, immutable: hashed });
    }
    // A missing file (a path with an extension) is a 404, not the app shell served as a script.
    if (path.extname(relative) !== '') throw new AppError('NOT_FOUND', 'Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0, cacheControl: false });
  });
}

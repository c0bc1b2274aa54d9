import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

// The built web app (WEB_DIST) is served from the same origin as the API. Unknown GETs that are not API
// paths get index.html (the SPA router takes over); API-looking paths keep answering JSON 404s.
//
// Delivery: the build writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file
// (apps/web/build/precompress.ts); a request gets the best copy its Accept-Encoding allows, with `Vary:
// Accept-Encoding`. Hashed files under /assets/ are cached for a year as immutable; index.html is `no-cache`
// (revalidated by ETag, so a new build is picked up at once); other root files (the favicon) for a day.

const API_PREFIXES = ['/api/', '/token/', '/sso/', '/docs/', '/collapp/getUserProfileNew/', '/demo-idp/'];
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The encodings the build writes, best first, with their file suffix. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const YEAR_SECONDS = 31_536_000;
const DAY_SECONDS = 86_400;

function isApiPath(pathname: string): boolean {
  return API_PATHS.has(pathname) || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

async function fileStat(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** The encodings the client accepts (q > 0), from Accept-Encoding. `*` accepts any. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === '*') for (const encoding of ENCODINGS) accepted.add(encoding.name);
    else accepted.add(name);
  }
  return accepted;
}

function cacheControlOf(relative: string): string {
  if (relative === 'index.html') return 'no-cache';
  if (relative.startsWith('assets/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  return `public, max-age=${DAY_SECONDS}`;
}

/** Sends one file of the build (or its precompressed copy), with ETag revalidation and HEAD support. */
async function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  stat: fs.Stats,
): Promise<FastifyReply> {
  const absolute = path.join(root, relative);
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  let chosen: { file: string; stat: fs.Stats; encoding: string | null } = {
    file: absolute,
    stat,
    encoding: null,
  };
  let hasVariants = false;
  for (const encoding of ENCODINGS) {
    const variantStat = await fileStat(absolute + encoding.suffix);
    if (!variantStat) continue;
    hasVariants = true;
    if (chosen.encoding === null && accepted.has(encoding.name)) {
      chosen = { file: absolute + encoding.suffix, stat: variantStat, encoding: encoding.name };
    }
  }

  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${
    chosen.encoding ? `-${chosen.encoding}` : ''
  }"`;
  reply
    .header('content-type', CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream')
    .header('cache-control', cacheControlOf(relative))
    .header('etag', etag)
    .header('last-modified', stat.mtime.toUTCString());
  if (hasVariants) reply.header('vary', 'Accept-Encoding');
  if (chosen.encoding) reply.header('content-encoding', chosen.encoding);

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  reply.header('content-length', chosen.stat.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(fs.createReadStream(chosen.file));
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const built = fs.existsSync(path.join(root, 'index.html'));

  app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
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
    const isInside = absolute.startsWith(root + path.sep);
    // The precompressed copies are served through their file's path only.
    const isCopy = ENCODINGS.some((encoding) => relative.endsWith(encoding.suffix));
    const stat = relative !== '' && isInside && !isCopy ? await fileStat(absolute) : null;
    if (stat) return sendBuiltFile(request, reply, root, path.relative(root, absolute).split(path.sep).join('/'), stat);
    // A missing file (a path with an extension) is a 404, not the app shell served as a script.
    if (path.extname(relative) !== '') throw new AppError('NOT_FOUND', 'Not found');
    const index = await fileStat(path.join(root, 'index.html'));
    if (!index) throw new AppError('NOT_FOUND', 'The web app is not built: run `npm run build -w @recovery-desk/web`.');
    return sendBuiltFile(request, reply, root, 'index.html', index);
  });
}

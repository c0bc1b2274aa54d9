import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppCode } from '@recovery-desk/domain/apps.ts';
import type { Database } from '@recovery-desk/db/client.ts';
import { DOCS_PREFIX } from '../../src/http/route-declarations.ts';
import { createUnit, createUser, type TestUnit, type TestUser } from '../factories.ts';

// The app's route table with each route's schemas, captured as the routes register (pass `captureRoutes(table)`
// as createTestApp's `routes`), and what the boundary tests build from it: sample requests whose every string
// field can be replaced by a bad value, and a user who passes every route's authorization.

export type CapturedRoute = {
  method: string;
  url: string;
  auth: unknown;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  config: RouteOptions['config'];
};

export const MUTATION_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function captureRoutes(table: CapturedRoute[]): (app: FastifyInstance) => void {
  return (app) => {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(DOCS_PREFIX)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || (route.url === '*' && method === 'OPTIONS')) continue;
        table.push({
          method,
          url: route.url,
          auth: route.config?.auth,
          schema: (route.schema ?? {}) as CapturedRoute['schema'],
          get config() {
            return route.config;
          },
        });
      }
    });
  };
}

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  options?: readonly unknown[];
  left?: unknown;
  right?: unknown;
  element?: unknown;
  valueType?: unknown;
  items?: readonly unknown[];
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
  getter?: () => unknown;
};

function defOf(schema: unknown): Def | null {
  if (schema === null || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return (schema as { _zod: { def: Def } })._zod.def;
}

/** The zod definition of a schema (tests read `coerce`, `type` and the shape). */
export function zodDef(schema: unknown): (Def & { coerce?: boolean }) | null {
  return defOf(schema);
}

/**
 * Sample values of a schema, one per alternative of a top-level union: strings are 'x', numbers 1, enums their
 * first value. Values need not pass validation; they give every string field a place to carry a bad value.
 */
export function samples(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 8) return ['x'];
  const one = (inner: unknown) => samples(inner, depth + 1)[0];
  switch (def.type) {
    case 'string':
    case 'any':
    case 'unknown':
    case 'custom':
    case 'transform':
      return ['x'];
    case 'number':
    case 'int':
    case 'bigint':
      return [1];
    case 'boolean':
      return [false];
    case 'null':
      return [null];
    case 'enum':
      return [Object.values(def.entries ?? {})[0] ?? 'x'];
    case 'literal':
      return [def.values?.[0] ?? 'x'];
    case 'object':
      return [Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, inner]) => [key, one(inner)]))];
    case 'array':
      return [[one(def.element)]];
    case 'tuple':
      return [(def.items ?? []).map(one)];
    case 'record':
      return [{ key: one(def.valueType) }];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return samples(def.innerType, depth);
    case 'pipe':
      return samples(def.in, depth);
    case 'lazy':
      return def.getter ? samples(def.getter(), depth) : ['x'];
    case 'union':
      return depth === 0 ? (def.options ?? []).map(one) : [one(def.options?.[0])];
    case 'intersection': {
      const left = one(def.left);
      const right = one(def.right);
      return [left && right && typeof left === 'object' ? { ...left, ...right } : left];
    }
    default:
      return ['x'];
  }
}

/** The paths of the strings in a sample value. */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with the string at `path` replaced. */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

/** The route's URL with each `:param` (and `*`) replaced by `fill(name)`. */
export function fillPath(url: string, fill: (name: string) => string = () => '1'): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => fill(name)).replace('*', 'x');
}

/** The path parameter names of a route. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** A query value percent-encoded; a lone surrogate (which UTF-8 cannot encode) as its CESU-8 bytes. */
function encodeQueryValue(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(char);
    })
    .join('');
}

/** A query string of sample values (`?a=x&b=1`), '' when the route takes none. */
export function sampleQuery(schema: unknown, override: Record<string, string> = {}): string {
  const sample = (schema ? samples(schema)[0] : {}) as Record<string, unknown>;
  const entries = Object.entries({ ...sample, ...override }).filter(
    ([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
  );
  const text = entries.map(([key, value]) => `${key}=${encodeQueryValue(String(value))}`).join('&');
  return text ? `?${text}` : '';
}

/**
 * A user who passes every route's declared authorization in one unit: every `{ app, authority }` the table
 * declares is granted there.
 */
export async function createRouteTableUser(
  db: Database,
  table: readonly CapturedRoute[],
): Promise<{ user: TestUser; unit: TestUnit }> {
  const unit = await createUnit(db);
  const grants: Partial<Record<AppCode, { system_auth: string; tabs: { name: string; editable: boolean }[] }[]>> = {};
  const seen = new Set<string>();
  for (const { auth } of table) {
    if (auth === null || typeof auth !== 'object') continue;
    const { app, authority } = auth as { app: AppCode; authority: string };
    if (seen.has(`${app}:${authority}`)) continue;
    seen.add(`${app}:${authority}`);
    (grants[app] ??= []).push({ system_auth: authority, tabs: [] });
  }
  const user = await createUser(db, { units: [{ unit, grants }] });
  return { user, unit };
}

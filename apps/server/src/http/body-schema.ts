// What the app reads from a route's zod body schema when the route is registered (request-boundary.ts): whether
// every object in it refuses unknown fields, and whether it takes the optimistic `version` of a record.
// The walk follows zod 4's definitions (`_zod.def`); a kind it does not know is treated as a leaf.

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: readonly unknown[];
  left?: unknown;
  right?: unknown;
  element?: unknown;
  valueType?: unknown;
  items?: readonly unknown[];
  rest?: unknown;
  getter?: () => unknown;
};

function defOf(schema: unknown): Def | null {
  if (schema === null || typeof schema !== 'object' || !('_zod' in schema)) return null;
  const zod = (schema as { _zod?: { def?: Def } })._zod;
  return zod?.def ?? null;
}

/** True when the value is a zod schema (routes may still declare plain JSON schemas). */
export function isZodSchema(schema: unknown): boolean {
  return defOf(schema) !== null;
}

/** The schemas a value is checked against one level down (wrappers, pipes, unions, intersections). */
function alternatives(def: Def): unknown[] {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
      return [def.innerType];
    case 'pipe':
      return [def.in];
    case 'union':
      return [...(def.options ?? [])];
    case 'intersection':
      return [def.left, def.right];
    case 'lazy':
      return def.getter ? [def.getter()] : [];
    default:
      return [];
  }
}

/** The object schemas the top level of a body is checked against. */
export function topLevelObjects(schema: unknown, seen = new Set<unknown>()): Def[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  if (def.type === 'object') return [def];
  return alternatives(def).flatMap((inner) => topLevelObjects(inner, seen));
}

/** Whether the body's top level has a `version` field (an optimistic update of a record). */
export function takesVersion(schema: unknown): boolean {
  return topLevelObjects(schema).some((def) => def.shape !== undefined && 'version' in def.shape);
}

function isStrict(def: Def): boolean {
  return defOf(def.catchall)?.type === 'never';
}

/**
 * The dotted paths of the objects in a body schema that accept fields they do not declare (zod's default strips
 * them silently; `passthrough` keeps them). An empty list means every object is strict.
 */
export function laxObjectPaths(schema: unknown, path = 'body', seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  switch (def.type) {
    case 'object': {
      const own = isStrict(def) ? [] : [path];
      const nested = Object.entries(def.shape ?? {}).flatMap(([key, inner]) =>
        laxObjectPaths(inner, `${path}.${key}`, seen),
      );
      return [...own, ...nested];
    }
    case 'array':
      return laxObjectPaths(def.element, `${path}[]`, seen);
    case 'record':
      return laxObjectPaths(def.valueType, `${path}.*`, seen);
    case 'tuple':
      return [
        ...(def.items ?? []).flatMap((item, index) => laxObjectPaths(item, `${path}.${index}`, seen)),
        ...laxObjectPaths(def.rest, `${path}[]`, seen),
      ];
    default:
      return alternatives(def).flatMap((inner) => laxObjectPaths(inner, path, seen));
  }
}

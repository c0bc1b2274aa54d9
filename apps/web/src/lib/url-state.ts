import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

// The address is the state of a list screen (style.md §6): view, filters, sort, page and page size live in the
// search params, so a reload, the back button or a shared link shows the same page. What each key accepts comes
// from the server's own zod query schema (packages/domain contracts), read key by key: a value the server would
// refuse falls back to the screen's default instead of becoming an error. A screen adds only its defaults, its own
// rules (a sort among its sortable columns, a view among its views) and any client-only keys.

/** A zod object schema, refinements included (zod 4 keeps `.shape` on a refined object). */
export type QuerySchema = z.ZodObject<z.ZodRawShape>;

type Value = unknown;

export type UrlStateDefinition<State extends Record<string, Value>> = {
  /** the server's query schema: which keys the address holds and what each accepts */
  schema: QuerySchema;
  /** the screen's state when the address says nothing (also the value of a key the schema refuses) */
  defaults: State;
  /** keys kept in the address that the server never sees (each with its own schema), e.g. a keyset position */
  clientKeys?: Readonly<Record<string, z.ZodType>>;
  /** the screen's own rules after parsing: values only it can judge, positions that cannot be reached again */
  constrain?: (state: State) => State;
  /** keys written into the address even at their default (a search view the screen always names) */
  alwaysInAddress?: readonly (keyof State & string)[];
  /** parameters the address always carries whatever the state (the search view that names a screen, spec §2.7) */
  fixed?: Readonly<Record<string, string>>;
  /** keys that only mean something beside another (the order of a sort): written with it, even at their default */
  companions?: Readonly<Partial<Record<keyof State & string, keyof State & string>>>;
};

/** One value as the address writes it: lists comma-separated, nothing for null, undefined, false, '' and []. */
export function encodeValue(value: Value): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(',');
  const text = String(value);
  return text === '' ? null : text;
}

function keysOf<State extends Record<string, Value>>(definition: UrlStateDefinition<State>): string[] {
  return [...Object.keys(definition.schema.shape), ...Object.keys(definition.clientKeys ?? {})].filter(
    (key) => key in definition.defaults,
  );
}

function schemaOf<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  key: string,
): z.ZodType | undefined {
  return (definition.schema.shape[key] as z.ZodType | undefined) ?? definition.clientKeys?.[key];
}

/** The state of an address: each key checked by its schema, a missing or refused one at the screen's default. */
export function parseUrlState<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  params: URLSearchParams,
): State {
  const state: Record<string, Value> = { ...definition.defaults };
  for (const key of keysOf(definition)) {
    const raw = params.get(key);
    const schema = schemaOf(definition, key);
    if (raw === null || raw === '' || !schema) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) state[key] = parsed.data;
  }
  // Rules across keys (DPD from ≤ to, …): a key the whole schema refuses goes back to its default.
  const whole = definition.schema.safeParse(Object.fromEntries(serverEntries(definition, state as State)));
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in definition.defaults) state[key] = definition.defaults[key];
    }
  }
  return definition.constrain ? definition.constrain(state as State) : (state as State);
}

/** Whether the key a companion goes with has a value (a key without one is always present). */
function companionPresent<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  state: State,
  key: string,
): boolean {
  const partner = definition.companions?.[key as keyof State & string];
  return partner === undefined || encodeValue(state[partner]) !== null;
}

function serverEntries<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  state: State,
): [string, string][] {
  const entries: [string, string][] = [];
  for (const key of Object.keys(definition.schema.shape)) {
    if (!(key in state) || !companionPresent(definition, state, key)) continue;
    const encoded = encodeValue(state[key]);
    if (encoded !== null) entries.push([key, encoded]);
  }
  return entries;
}

/** The address of a state; defaults are left out so addresses stay short. */
export function serializeUrlState<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  state: State,
): URLSearchParams {
  const params = new URLSearchParams(definition.fixed);
  const always = new Set<string>(definition.alwaysInAddress ?? []);
  for (const key of keysOf(definition)) {
    const encoded = encodeValue(state[key]);
    if (encoded === null || !companionPresent(definition, state, key)) continue;
    const isCompanion = definition.companions?.[key as keyof State & string] !== undefined;
    if (!always.has(key) && !isCompanion && encoded === encodeValue(definition.defaults[key])) continue;
    params.set(key, encoded);
  }
  return params;
}

/** The API query of a state: every key of the server's schema that has a value, client-only keys left out. */
export function apiQueryOf<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
  state: State,
): URLSearchParams {
  return new URLSearchParams(serverEntries(definition, state));
}

/** A screen's state read from, and written to, the address bar (each change is a history entry). */
export function useUrlState<State extends Record<string, Value>>(
  definition: UrlStateDefinition<State>,
): [State, (next: State) => void, URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Parse once per address, so the state object is stable between renders.
  const state = useMemo(() => parseUrlState(definition, new URLSearchParams(key)), [key, definition]);
  const setState = useCallback(
    (next: State) => setParams(serializeUrlState(definition, next), { preventScrollReset: true }),
    [setParams, definition],
  );
  return [state, setState, params];
}

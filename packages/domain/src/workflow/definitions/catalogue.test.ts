import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type WorkflowDefinition } from '../definition.ts';
import { BUILT_IN_DEFINITIONS, canonicalJson } from './catalogue.ts';
import { buildLegalDefinition, DEFAULT_LEGAL_TIMELINES } from './legal.ts';

type LockEntry = { code: string; version: number; sha256: string };

const LOCK_FILE = 'packages/domain/src/workflow/definitions/built-in.lock.json';
const lock = (
  JSON.parse(readFileSync(new URL('./built-in.lock.json', import.meta.url), 'utf8')) as { versions: LockEntry[] }
).versions;

const digest = (definition: WorkflowDefinition) => createHash('sha256').update(canonicalJson(definition)).digest('hex');

/** What is wrong with a built-in against the lock, in words that say what to do; null when it matches. */
function lockProblem(definition: WorkflowDefinition, entries: readonly LockEntry[]): string | null {
  const sha256 = digest(definition);
  const entry = JSON.stringify({ code: definition.code, version: definition.version, sha256 });
  const ofCode = entries.filter((candidate) => candidate.code === definition.code);
  const newest = Math.max(0, ...ofCode.map((candidate) => candidate.version));
  const locked = ofCode.find((candidate) => candidate.version === definition.version);
  if (definition.version < newest) {
    return `${definition.code} is at built-in version ${definition.version}, but ${LOCK_FILE} already has version ${newest}: built-in versions only go up.`;
  }
  if (!locked) {
    return `${definition.code} version ${definition.version} is not in ${LOCK_FILE}. Append ${entry} to its versions.`;
  }
  if (locked.sha256 !== sha256) {
    return (
      `The content of the built-in ${definition.code} definition changed without a version bump. Servers publish a ` +
      `built-in version only once, so existing installations would never get this change. Bump its built-in ` +
      `version to ${newest + 1} (the *_BUILT_IN_VERSION constant of its definition file) and append ` +
      `{"code":"${definition.code}","version":${newest + 1},"sha256":"…"} to ${LOCK_FILE} (this test prints the digest).`
    );
  }
  return null;
}

describe('built-in definition versions', () => {
  it.each(BUILT_IN_DEFINITIONS.map((definition) => [definition.code, definition] as const))(
    '%s matches its locked version, so a content change cannot ship without a version bump',
    (_code, definition) => {
      expect(lockProblem(definition, lock)).toBeNull();
    },
  );

  it('each built-in code appears once, and each locked version once', () => {
    const codes = BUILT_IN_DEFINITIONS.map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
    const keys = lock.map((entry) => `${entry.code}@${entry.version}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fails a changed definition that keeps its version, and says to bump it and update the lock', () => {
    const changed = buildLegalDefinition({ ...DEFAULT_LEGAL_TIMELINES, approvalSlaDays: 5 });
    const problem = lockProblem(changed, lock);
    expect(problem).toContain('changed without a version bump');
    expect(problem).toContain('Bump its built-in version to 3');
    expect(problem).toContain(LOCK_FILE);
  });

  it('asks for a lock entry when a version is bumped but not locked', () => {
    const bumped = buildLegalDefinition(DEFAULT_LEGAL_TIMELINES, 3);
    expect(lockProblem(bumped, lock)).toMatch(/LEGAL version 3 is not in .*Append \{"code":"LEGAL","version":3/);
  });

  it('digests content, not the order keys were written in', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: undefined, a: 'x' }], a: null })).toBe(
      '{"a":null,"b":[1,{"a":"x","d":2}]}',
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Two imports of libraries that weigh on every list, answered lighter in the web build (docs/architecture.md,
// "Page weight"):
// - Mantine's ScrollArea (inside Table.ScrollContainer, the grids' scroll container) imports one hook, useMergeRefs,
//   from @floating-ui/react; the module is one file, so its chunk (≈ 15 KB gzip, the positioning code of every
//   popover) came with every list. ScrollArea gets src/lib/merge-refs.ts (the same hook) instead; popovers, menus
//   and comboboxes keep floating-ui and load it on first use.
// - zod's classic schemas import its JSON Schema conversion (`schema.toJSONSchema()`, ≈ 6 KB gzip) for a method the
//   web never calls (the server keeps it: it does not go through this build). In the web those methods throw.
// - Mantine's AppShell header, footer and aside read one class name of react-remove-scroll (≈ 4 KB gzip of scroll
//   locking, needed by modals and drawers only): they get src/lib/remove-scroll-class-names.ts.
export const MERGE_REFS_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/merge-refs.ts');

export const REMOVE_SCROLL_CLASS_NAMES_MODULE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/lib/remove-scroll-class-names.ts',
);
const APP_SHELL_SECTION =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/;
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;
const ZOD_CLASSIC = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const ZOD_JSON_SCHEMA = new Set(['../core/json-schema-processors.js', '../core/to-json-schema.js']);
const STUB_PREFIX = '\0recovery-desk:zod-json-schema-stub:';

/** The named exports of a module file (`export function x`, `export const x`, `export { a as b }`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g))
    names.add(match[1]!);
  for (const match of source.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

export function lightDependencies(): Plugin {
  return {
    name: 'recovery-desk:light-dependencies',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@floating-ui/react' && SCROLL_AREA.test(importer)) return MERGE_REFS_MODULE;
      if (source === 'react-remove-scroll' && APP_SHELL_SECTION.test(importer)) return REMOVE_SCROLL_CLASS_NAMES_MODULE;
      if (ZOD_JSON_SCHEMA.has(source) && ZOD_CLASSIC.test(importer)) {
        const real = path.resolve(path.dirname(importer), source);
        return STUB_PREFIX + real;
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const names = exportedNames(fs.readFileSync(id.slice(STUB_PREFIX.length), 'utf8'));
      const refuse = `function refuse() { throw new Error('JSON Schema conversion is not part of the web build'); }`;
      return [
        refuse,
        ...names.map((name) =>
          name === 'createToJSONSchemaMethod' || name === 'createStandardJSONSchemaMethod'
            ? `export const ${name} = () => refuse;`
            : `export const ${name} = refuse;`,
        ),
      ].join('\n');
    },
  };
}

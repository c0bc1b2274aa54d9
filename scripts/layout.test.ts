import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Layout rules of the repository, checked on the source itself:
// - a server module imports another module only through that module's public surface (`modules/<name>/index.ts`);
// - every workspace declares in its package.json each package its code imports.

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)'([^']+)'/g;

function specifiers(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!);
}

describe('server modules', () => {
  const modulesDir = path.join(root, 'apps/server/src/modules');

  it('import each other only through index.ts', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const own = path.relative(modulesDir, file).split(path.sep)[0];
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const relative = path.relative(modulesDir, target);
        if (relative.startsWith('..')) continue;
        const [other, ...rest] = relative.split(path.sep);
        if (other !== own && rest.join('/') !== 'index.ts') {
          offences.push(`${path.relative(root, file)} imports ${spec}`);
        }
      }
    }
    expect(offences, 'import the public surface (modules/<name>/index.ts) instead').toEqual([]);
  });
});

describe('workspaces', () => {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const builtins = new Set(builtinModules);

  function packageName(spec: string): string | null {
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || spec.startsWith('virtual:')) {
      return null;
    }
    const parts = spec.split('/');
    const name = spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return builtins.has(name) ? null : name;
  }

  for (const workspace of rootPackage.workspaces) {
    it(`${workspace} declares the packages it imports`, () => {
      const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ]);
      const missing = new Set<string>();
      for (const file of sourceFiles(path.join(root, workspace))) {
        for (const spec of specifiers(file)) {
          const name = packageName(spec);
          // Type-only packages (@types/*) are resolved from the root; vitest is the root's test runner.
          if (name && !declared.has(name) && name !== 'vitest') missing.add(name);
        }
      }
      expect([...missing].sort(), `add them to ${workspace}/package.json`).toEqual([]);
    });
  }
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RemoveScroll as LibraryRemoveScroll } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from '../src/lib/remove-scroll-class-names.ts';
import { exportedNames, lightDependencies } from './light-dependencies.ts';

// The lighter answers the web build gives to three library imports (docs/architecture.md, "Page weight").
const require = createRequire(import.meta.url);
const zodCore = path.join(path.dirname(require.resolve('zod/package.json')), 'v4/core');

type ResolveId = (source: string, importer?: string) => Promise<string | null>;

describe('the light dependencies of the web build', () => {
  it("gives Mantine's AppShell sections react-remove-scroll's own class names", () => {
    expect(RemoveScroll.classNames).toEqual(LibraryRemoveScroll.classNames);
  });

  it('answers only the named importers, and stubs every export zod classic imports of its JSON Schema code', async () => {
    const plugin = lightDependencies();
    const resolveId = plugin.resolveId as unknown as ResolveId;
    const mantine = '/x/node_modules/@mantine/core/esm/components';
    expect(await resolveId('@floating-ui/react', `${mantine}/ScrollArea/ScrollArea.mjs`)).toMatch(/merge-refs\.ts$/);
    expect(await resolveId('@floating-ui/react', `${mantine}/Popover/Popover.mjs`)).toBeNull();
    expect(await resolveId('react-remove-scroll', `${mantine}/AppShell/AppShellHeader/AppShellHeader.mjs`)).toMatch(
      /remove-scroll-class-names\.ts$/,
    );
    expect(await resolveId('react-remove-scroll', `${mantine}/ModalBase/ModalBase.mjs`)).toBeNull();

    const processors = exportedNames(fs.readFileSync(path.join(zodCore, 'json-schema-processors.js'), 'utf8'));
    const classic = fs.readFileSync(path.join(zodCore, '../classic/schemas.js'), 'utf8');
    const used = new Set([...classic.matchAll(/processors\.(\w+)\(/g)].map((match) => match[1]));
    for (const name of used) expect(processors).toContain(name);
    expect(exportedNames(fs.readFileSync(path.join(zodCore, 'to-json-schema.js'), 'utf8'))).toEqual(
      expect.arrayContaining(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']),
    );
  });
});

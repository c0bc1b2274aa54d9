import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Mantine's ScrollArea (inside Table.ScrollContainer, the grids' scroll container) imports one hook, useMergeRefs,
// from @floating-ui/react; the module is one file, so its chunk (≈ 15 KB gzip, the positioning code of every
// popover) came with every list. ScrollArea gets src/lib/merge-refs.ts (the same hook) instead; popovers, menus and
// comboboxes keep floating-ui and load it on first use (docs/architecture.md, "Page weight").
export const MERGE_REFS_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/merge-refs.ts');

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;

export function lightMergeRefs(): Plugin {
  return {
    name: 'recovery-desk:light-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS_MODULE;
      return null;
    },
  };
}

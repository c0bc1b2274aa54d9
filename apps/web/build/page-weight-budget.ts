/// <reference types="node" />
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { MIN_BYTES } from './precompress.ts';

// The page-weight guard of the build (docs/architecture.md, "Page weight"): after bundling, the JavaScript a page
// downloads — the entry chunk, the chunks of the page's modules, and every chunk they import statically — is summed
// as the server sends it (the precompressed gzip copy, level 9; a file under 1 KB as it is) and the build fails when a page weighs more
// than its ceiling. bench/src/page-weight.ts measures the same pages in Chromium (within a kilobyte or two of this).

export type PageWeight = {
  /** modules the page loads besides the entry (source paths relative to apps/web, or virtual module ids) */
  modules: readonly string[];
  /** the most the page may weigh, in KB (1024 bytes) of gzip JavaScript */
  ceilingKb: number;
};

/**
 * The pages and their ceilings: issue 12's budgets, login ≤ 150 KB and a tray ≤ 250 KB, so that a change that adds
 * weight to either fails here rather than slipping through. Lower them as the pages get lighter; never raise them
 * (docs/architecture.md, "Page weight", says what to do instead).
 */
export const PAGE_WEIGHTS: Record<string, PageWeight> = {
  login: { modules: ['src/features/auth/login-page.tsx'], ceilingKb: 150 },
  tray: {
    modules: [
      'src/features/shell/app-shell-layout.tsx',
      'src/features/collections/pages/tray-page.tsx',
      'virtual:dictionary/en/app',
      'virtual:dictionary/en/collections',
    ],
    ceilingKb: 250,
  },
};

/** A chunk of the bundle as the guard needs it. */
export type ChunkInfo = {
  fileName: string;
  code: string;
  imports: readonly string[];
  facadeModuleId: string | null;
  isEntry: boolean;
};

const gzipSizes = new WeakMap<ChunkInfo, number>();
function gzipSize(chunk: ChunkInfo): number {
  let size = gzipSizes.get(chunk);
  if (size === undefined) {
    // as served: a file under precompress's MIN_BYTES has no compressed copy and goes as it is
    const raw = Buffer.byteLength(chunk.code);
    size = raw < MIN_BYTES ? raw : zlib.gzipSync(chunk.code, { level: 9 }).length;
    gzipSizes.set(chunk, size);
  }
  return size;
}

function matches(facade: string | null, module: string): boolean {
  if (!facade) return false;
  const id = facade.replace(/^\0/, '').replace(/\\/g, '/');
  return id === module || id.endsWith(`/${module}`) || id.endsWith(`/apps/web/${module}`);
}

/** The chunks a page downloads and their gzip weight in bytes. */
export function pageWeight(
  chunks: readonly ChunkInfo[],
  modules: readonly string[],
): { bytes: number; files: string[] } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const starts = chunks.filter((chunk) => chunk.isEntry);
  for (const module of modules) {
    const chunk = chunks.find((candidate) => matches(candidate.facadeModuleId, module));
    if (!chunk) throw new Error(`page weight: no chunk is made from ${module}`);
    starts.push(chunk);
  }
  const seen = new Set<string>();
  const stack = starts.map((chunk) => chunk.fileName);
  while (stack.length > 0) {
    const fileName = stack.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    stack.push(...(byFile.get(fileName)?.imports ?? []));
  }
  const files = [...seen];
  return { bytes: files.reduce((sum, fileName) => sum + gzipSize(byFile.get(fileName)!), 0), files };
}

/** Each page's weight against its ceiling; the refusals name the page, its weight and its largest chunks. */
export function checkPageWeights(
  chunks: readonly ChunkInfo[],
  pages: Record<string, PageWeight> = PAGE_WEIGHTS,
): { report: string[]; refusals: string[] } {
  const report: string[] = [];
  const refusals: string[] = [];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  for (const [name, page] of Object.entries(pages)) {
    const { bytes, files } = pageWeight(chunks, page.modules);
    const kb = bytes / 1024;
    report.push(`${name}: ${kb.toFixed(1)} KB gzip JavaScript in ${files.length} files (ceiling ${page.ceilingKb} KB)`);
    if (kb > page.ceilingKb) {
      const largest = files
        .map((fileName) => ({ fileName, bytes: gzipSize(byFile.get(fileName)!) }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((file) => `${file.fileName} ${(file.bytes / 1024).toFixed(1)} KB`)
        .join(', ');
      refusals.push(
        `${name} weighs ${kb.toFixed(1)} KB of gzip JavaScript, over its ceiling of ${page.ceilingKb} KB (largest: ${largest}). ` +
          'Keep what the page does not show out of its modules (lazy imports), or see docs/architecture.md, "Page weight".',
      );
    }
  }
  return { report, refusals };
}

export function pageWeightBudget(pages: Record<string, PageWeight> = PAGE_WEIGHTS): Plugin {
  return {
    name: 'recovery-desk:page-weight-budget',
    apply: 'build',
    enforce: 'post',
    // after the bundle is final (Vite's own plugins rewrite the chunks' preload calls up to the end)
    writeBundle(_options, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                code: item.code,
                imports: item.imports,
                facadeModuleId: item.facadeModuleId,
                isEntry: item.isEntry,
              },
            ]
          : [],
      );
      const { report, refusals } = checkPageWeights(chunks, pages);
      for (const line of report) this.info(line);
      if (refusals.length > 0) this.error(refusals.join('\n'));
    },
  };
}

/// <reference types="node" />
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPageWeights, PAGE_WEIGHTS, pageWeight, type ChunkInfo } from './page-weight-budget.ts';

// A bundle in miniature: an entry with a shared vendor chunk, a login chunk, and a tray chunk that imports a grid.
// code that compresses about as poorly as minified code (a fixed pseudo-random sequence of the seed's characters)
function text(bytes: number, seed: string): string {
  let state = seed.length;
  return Array.from({ length: bytes }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return seed[state % seed.length];
  }).join('');
}
function chunk(
  fileName: string,
  code: string,
  imports: string[],
  facadeModuleId: string | null,
  isEntry = false,
): ChunkInfo {
  return { fileName, code, imports, facadeModuleId, isEntry };
}
const chunks: ChunkInfo[] = [
  chunk('index.js', text(6000, 'abcdefghij0123456789'), ['vendor.js'], '/repo/apps/web/index.html', true),
  chunk('vendor.js', text(8000, 'klmnopqrstuvwxyz!?'), [], null),
  chunk(
    'login-page.js',
    text(3000, 'LOGINloginLOGIN.,;'),
    ['vendor.js'],
    '/repo/apps/web/src/features/auth/login-page.tsx',
  ),
  chunk(
    'tray-page.js',
    text(5000, 'TRAYtray0987654321'),
    ['grid.js'],
    '/repo/apps/web/src/features/collections/pages/tray-page.tsx',
  ),
  chunk('grid.js', text(4000, 'GRIDgrid[]{}()<>'), [], null),
  chunk('tiny.js', 'export const x = 1;', [], '/repo/apps/web/src/tiny.ts'),
];
const gz = (code: string) => zlib.gzipSync(code, { level: 9 }).length;

describe('the build’s page-weight guard', () => {
  it('sums the entry, the page’s chunks and what they import, each once, as the server sends them', () => {
    const login = pageWeight(chunks, ['src/features/auth/login-page.tsx']);
    expect(login.files.sort()).toEqual(['index.js', 'login-page.js', 'vendor.js']);
    expect(login.bytes).toBe(gz(chunks[0]!.code) + gz(chunks[1]!.code) + gz(chunks[2]!.code));
    // a file under 1 KB has no compressed copy: it counts as it is
    expect(pageWeight(chunks, ['src/tiny.ts']).bytes).toBe(
      gz(chunks[0]!.code) + gz(chunks[1]!.code) + Buffer.byteLength('export const x = 1;'),
    );
  });

  it('fails a page over its ceiling, naming it, its weight and its largest chunks', () => {
    const login = pageWeight(chunks, ['src/features/auth/login-page.tsx']).bytes / 1024;
    const pages = {
      login: { modules: ['src/features/auth/login-page.tsx'], ceilingKb: Math.ceil(login) },
      tray: { modules: ['src/features/collections/pages/tray-page.tsx'], ceilingKb: 1 },
    };
    const { report, refusals } = checkPageWeights(chunks, pages);
    expect(report).toHaveLength(2);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/^tray weighs \d+\.\d KB of gzip JavaScript, over its ceiling of 1 KB \(largest: /);
    expect(refusals[0]).toContain('tray-page.js');
  });

  it('refuses to guess when a page’s module is not in the bundle', () => {
    expect(() => pageWeight(chunks, ['src/features/gone.tsx'])).toThrow(
      /no chunk is made from src\/features\/gone\.tsx/,
    );
  });

  it('holds the pages to issue 12’s budgets (login 150 KB, a tray 250 KB)', () => {
    // the ceilings only go down
    expect(PAGE_WEIGHTS.login!.ceilingKb).toBeLessThanOrEqual(150);
    expect(PAGE_WEIGHTS.tray!.ceilingKb).toBeLessThanOrEqual(250);
  });
});

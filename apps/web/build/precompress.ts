/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Precompression at build: beside every compressible file of the build, a brotli (.br) and a gzip (.gz) copy at the
// best settings, so the server sends compressed bytes without compressing per request (apps/server/src/http/web-app.ts
// picks the copy by Accept-Encoding). Files under MIN_BYTES are left alone: their headers outweigh the saving.

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.ico', '.txt', '.webmanifest', '.map']);
export const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file of the folder; returns how many files it compressed. */
export async function precompressFolder(folder: string): Promise<number> {
  const files = filesUnder(folder).filter(
    (file) => COMPRESSIBLE.has(path.extname(file).toLowerCase()) && fs.statSync(file).size >= MIN_BYTES,
  );
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

/** The Vite plugin: precompresses the output folder once the build has written it (public files included). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'recovery-desk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}

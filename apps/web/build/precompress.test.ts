/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressFolder } from './precompress.ts';

describe('precompressFolder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies that decompress to the file, for compressible files of a useful size', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-precompress-'));
    folders.push(folder);
    fs.mkdirSync(path.join(folder, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(MIN_BYTES))});\n`.repeat(4);
    fs.writeFileSync(path.join(folder, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(folder, 'assets', 'tiny-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(folder, 'photo.png'), Buffer.alloc(4 * MIN_BYTES, 1));

    expect(await precompressFolder(folder)).toBe(1);

    const br = fs.readFileSync(path.join(folder, 'assets', 'index-abc.js.br'));
    const gz = fs.readFileSync(path.join(folder, 'assets', 'index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString('utf8')).toBe(script);
    expect(zlib.gunzipSync(gz).toString('utf8')).toBe(script);
    expect(br.length).toBeLessThan(script.length / 4);
    expect(fs.existsSync(path.join(folder, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(folder, 'photo.png.gz'))).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, envExample, withConfigTable } from './config-docs.ts';

describe('configuration documentation', () => {
  it('.env.example is what the server reads (run `npm run docs:config` if this fails)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')).toBe(envExample());
  });

  it('the README configuration table is current (run `npm run docs:config` if this fails)', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(withConfigTable(readme));
  });
});

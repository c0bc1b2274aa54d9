import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import drizzleConfig from '../drizzle.config.ts';

// Fails when src/schema.ts has changes that no migration captures: generates into a copy of the
// migrations folder and checks that nothing new appears. The schema files are drizzle.config.ts's. (drizzle-kit
// wants relative paths.)
const root = path.resolve(import.meta.dirname, '..');
const work = '.drift-check';
fs.rmSync(path.join(root, work), { recursive: true, force: true });
fs.cpSync(path.join(root, 'migrations'), path.join(root, work, 'migrations'), { recursive: true });
const config = path.join(work, 'drizzle.config.mjs');
fs.writeFileSync(
  path.join(root, config),
  `export default ${JSON.stringify({ dialect: 'postgresql', schema: drizzleConfig.schema, out: `./${work}/migrations` })};\n`,
);
try {
  const before = fs.readdirSync(path.join(root, work, 'migrations')).length;
  execFileSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], { cwd: root, stdio: 'pipe' });
  const after = fs.readdirSync(path.join(root, work, 'migrations')).length;
  if (after !== before) {
    console.error('schema.ts has changes without a migration: run `npm run db:generate` and commit the new migration.');
    process.exitCode = 1;
  } else {
    console.log('Migrations match schema.ts.');
  }
} finally {
  fs.rmSync(path.join(root, work), { recursive: true, force: true });
}

import { defineConfig, mergeConfig } from 'vite';
import fs from 'node:fs';
import base from './vite.config.ts';
export default defineConfig((env) => mergeConfig((base as any)(env), {
  build: { outDir: '/tmp/wa/dist', emptyOutDir: true },
  plugins: [{
    name: 'analyze',
    generateBundle(_o: any, bundle: any) {
      const out: Record<string, unknown> = {};
      for (const [f, c] of Object.entries<any>(bundle)) {
        if (c.type !== 'chunk') continue;
        out[f] = { imports: c.imports, dynamicImports: c.dynamicImports, isEntry: c.isEntry, facade: c.facadeModuleId,
          modules: Object.fromEntries(Object.entries<any>(c.modules).map(([m, i]) => [m.replace(/.*node_modules\//, 'nm:').replace(/.*wt-weight\//, ''), i.renderedLength])) };
      }
      fs.writeFileSync('/tmp/wa/graph.json', JSON.stringify(out, null, 1));
    },
  }],
}));

import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dictionaryParts } from './build/dictionary-parts.ts';
import { pageWeightBudget } from './build/page-weight-budget.ts';
import { precompress } from './build/precompress.ts';

const API_TARGET = 'http://127.0.0.1:3000';

// Only the exact API paths are proxied: '/collapp' is also an SPA route prefix.
const API_PATHS = [
  '/api',
  '/token',
  '/sendOtpApi',
  '/collapp/getUserProfileNew',
  '/collapp/getuserprofile',
  '/collapp/userChangePasswordApi',
  '/forPassEmailVerify',
  '/VerifyOtpApi',
  '/googleApiTrackerApi',
  '/sso',
  '/healthz',
  '/docs',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// react-router's package exports name only its development build (warnings, invariant texts); its production build
// sits beside it. The product's build uses the production one (dev server and tests keep the warnings).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), dictionaryParts(), pageWeightBudget(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: Object.fromEntries(
      API_PATHS.map((path) => [`^${escapeRegExp(path)}(/|\\?|$)`, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: false },
}));

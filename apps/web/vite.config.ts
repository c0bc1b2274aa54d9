import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dictionaryParts } from './build/dictionary-parts.ts';
import { lightDependencies } from './build/light-dependencies.ts';
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

// The screens import `useTranslation` from 'react-i18next'; the app's own binding on its own translations answers
// (src/lib/i18n/react-i18next.tsx, without i18next: docs/architecture.md, "Page weight"). Types stay react-i18next's.
export const REACT_I18NEXT_ALIAS = {
  find: /^react-i18next$/,
  replacement: path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/lib/i18n/react-i18next.tsx'),
};

const START_MODULES = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\/]`,
    String.raw`src[\/]lib[\/](i18n[\/]|session-store|external-store|http-client|toast-store|log|navigation|cookies|public-config)`,
    String.raw`virtual:dictionary[\/]en[\/]public`,
    'preload-helper',
  ].join('|'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), dictionaryParts(), lightDependencies(), pageWeightBudget(), precompress()],
  resolve: {
    alias:
      command === 'build'
        ? [REACT_I18NEXT_ALIAS, { find: /^react-router$/, replacement: reactRouterProduction }]
        : [REACT_I18NEXT_ALIAS],
  },
  server: {
    proxy: Object.fromEntries(
      API_PATHS.map((path) => [`^${escapeRegExp(path)}(/|\\?|$)`, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      output: {
        // What every page runs at start, in one chunk the entry loads (React, the router, i18next, the session, the
        // HTTP client, the signed-out words): as many small shared chunks it compressed worse (docs/architecture.md,
        // "Page weight"). Everything else is split by the lazy imports.
        codeSplitting: {
          groups: [
            {
              name: 'start',
              test: START_MODULES,
              priority: 10,
            },
            // The password input (the login's and the password screens') in a chunk of its own: as part of the chunk
            // it shared with the input rules, every list that checks a filter downloaded it.
            {
              name: 'password-input',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]PasswordInput[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
}));

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import security from 'eslint-plugin-security';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { security },
    rules: {
      'security/detect-possible-timing-attacks': 'error',
      'security/detect-eval-with-expression': 'error',
      'security/detect-unsafe-regex': 'error',
      'security/detect-pseudoRandomBytes': 'error',
    },
  },
  {
    // Thin edges: route files never touch SQL.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['drizzle-orm', 'drizzle-orm/*', '@recovery-desk/db/*'] }],
    },
  },
  {
    // Each e2e worker has its own server: specs take `test` from support/test.ts, which gives pages its base URL.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test and expect from '../support/test.ts' (each worker's own server).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      '**/scripts/**',
      'bench/**',
      'apps/server/src/main.ts',
      'apps/server/src/cli/**',
      'packages/db/src/seed-cli.ts',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { dictionaryParts } from './build/dictionary-parts.ts';
import { REACT_I18NEXT_ALIAS } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), dictionaryParts()],
  resolve: { alias: [REACT_I18NEXT_ALIAS] },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Screens render with Mantine in jsdom: a busy two-core machine can take seconds per interaction test.
    testTimeout: 20_000,
  },
});

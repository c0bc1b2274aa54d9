import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { dictionaryParts } from './build/dictionary-parts.ts';

export default defineConfig({
  plugins: [react(), dictionaryParts()],
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Screens render with Mantine in jsdom: a busy two-core machine can take seconds per interaction test.
    testTimeout: 20_000,
  },
});

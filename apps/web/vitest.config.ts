import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Screens render with Mantine in jsdom: a busy two-core machine can take seconds per interaction test.
    testTimeout: 20_000,
  },
});

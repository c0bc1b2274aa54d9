import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(
      API_PATHS.map((path) => [`^${escapeRegExp(path)}(/|\\?|$)`, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: false },
});

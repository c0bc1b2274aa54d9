import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server serves apps/web/dist: fail early with a clear message when the web app is not built.
export default function globalSetup(): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const index = path.resolve(here, '../../apps/web/dist/index.html');
  if (!fs.existsSync(index)) {
    throw new Error(`The web app is not built (${index} is missing). Run: npm run build -w @recovery-desk/web`);
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(`Chromium is missing at ${chromium}. Install Debian's package: apt-get install -y chromium`);
  }
}

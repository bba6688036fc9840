import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); never a browser downloaded by a test tool. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!));
  if (found) return found;
  // Playwright's own browser, if someone installed it; otherwise say how to get one.
  return undefined;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const missingChromiumHelp =
  'No Chromium found. Install one with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.';

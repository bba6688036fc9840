import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); never a browser downloaded by a test tool. */
export function chromiumPath(): string | undefined {
  return firstInstalled([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH, else Debian's Chromium headless shell when it
 * is installed, else Chromium. The shell is Chromium's engine without the browser's window layer, the
 * one Playwright itself runs headless tests in; it costs about a quarter less CPU a test on a 2-core
 * machine (docs/decisions/0045). Screenshots and Lighthouse keep the whole browser (`chromiumPath`).
 */
export function testChromiumPath(): string | undefined {
  return firstInstalled([process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell']) ?? chromiumPath();
}

/** The first path that exists; none (Playwright's own browser, if someone installed it) when none does. */
function firstInstalled(candidates: (string | undefined)[]): string | undefined {
  return candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!));
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
  'No Chromium found. Install one with `sudo apt-get install -y chromium chromium-headless-shell` (Debian/Ubuntu), ' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.';

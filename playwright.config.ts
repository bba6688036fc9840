import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath, missingChromiumHelp } from './tests/setup/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const executablePath = chromiumPath();
if (!executablePath && !existsSync(`${process.env.HOME}/.cache/ms-playwright`)) {
  throw new Error(missingChromiumHelp);
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  // A 2-core machine running the server and two browsers can take seconds to answer.
  expect: { timeout: 12_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile|@changes-public-lists/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/, grepInvert: /@changes-public-lists/ },
    // Tests that add to what every visitor sees (a newly approved lab on /labs) run once the rest is done,
    // so that pages counting public entries never see them half-way: on a desktop, or on a phone when
    // also tagged @mobile.
    {
      name: 'desktop-after',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: /@changes-public-lists/,
      grepInvert: /@mobile/,
      dependencies: ['desktop', 'mobile'],
    },
    {
      name: 'mobile-after',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /^(?=.*@mobile)(?=.*@changes-public-lists)/,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  // A freshly started server on a fresh embedded database, seeded on first start like `npm start`.
  // It trusts X-Forwarded-For as behind a proxy: tests/e2e/fixtures.ts gives every browser context its
  // own client address, so the per-address limits (10 sign-ups an hour) see one visitor per context.
  webServer: {
    command: `rm -rf .data/e2e && node --import tsx src/server/node.ts`,
    env: {
      PORT: String(PORT),
      DATA_DIR: '.data/e2e',
      NODE_ENV: 'test',
      PASSWORD_COST: 'test-only',
      PUBLIC_URL: `http://localhost:${PORT}`,
      TRUST_PROXY: 'true',
    },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, missingChromiumHelp, testChromiumPath } from './tests/setup/chromium.ts';

const executablePath = testChromiumPath();
if (!executablePath && !existsSync(`${process.env.HOME}/.cache/ms-playwright`)) {
  throw new Error(missingChromiumHelp);
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated and seeded database that every worker's server starts from (tests/e2e/app-server.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  // A 2-core machine running the server and two browsers can take seconds to answer.
  expect: { timeout: 12_000 },
  use: {
    // A trace records every action's page and screenshot: CI (which retries once) records it for the retry only.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
});

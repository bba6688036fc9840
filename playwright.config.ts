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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile|@changes-public-lists/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/, grepInvert: /@changes-public-lists/ },
    // Every worker has its own server and database (tests/e2e/app-server.ts). Tests that add to what every
    // visitor sees (a newly approved lab on /labs) still run after the rest, in workers of their own, so a
    // test counting public entries never follows one of them in the same database: on a desktop, or on a
    // phone when also tagged @mobile.
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
});

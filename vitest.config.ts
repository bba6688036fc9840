import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// @medplum/core reads the global WebSocket as it loads (docs/decisions/0060): Node 20 has it behind a flag.
import { websocketFlag } from './scripts/server-node-options.mjs';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    env: { TZ: 'UTC' },
    // Two cores here: more workers only add start-up cost for PGlite.
    maxWorkers: 2,
    execArgv: websocketFlag,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/test-password-cost.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The results master key a machine keeps for itself when RESULTS_ENCRYPTION_KEY is not set:
 * `DATA_DIR/results-encryption.key`, made on first start (mode 0600), the same file `npm start`
 * uses (scripts/start.mjs, which cannot import this). Only for a development server here: in
 * production the key comes from the environment, so it can be kept apart from the data.
 */
export function resultsKeyFromDataDir(dataDir: string): { key: string; path: string; created: boolean } {
  const path = resolve(dataDir, 'results-encryption.key');
  try {
    return { key: readFileSync(path, 'utf8').trim(), path, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('base64');
  try {
    // `wx`: two processes starting at once keep the first one's key.
    writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return { key, path, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readFileSync(path, 'utf8').trim(), path, created: false };
  }
}

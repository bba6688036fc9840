import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';

describe('environment', () => {
  it('defaults to port 3000, the embedded database under ./.data and a localhost public URL', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './.data', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with every bad value named', () => {
    const attempt = () => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', GOOGLE_CLIENT_ID: 'id-only' });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('GOOGLE_CLIENT_SECRET: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together');
    }
  });

  it('refuses the test-only password cost outside a test run', () => {
    expect(parseEnv({}).PASSWORD_COST).toBe('standard');
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_COST: 'test-only' })).toThrow(/PASSWORD_COST: test-only is for test suites/);
    }
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_COST: 'test-only' }).PASSWORD_COST).toBe('test-only');
  });

  it('requires the store API URL and store id together', () => {
    expect(() => parseEnv({ STORE_API_URL: 'http://127.0.0.1:9999' })).toThrow(/STORE_ID/);
    expect(parseEnv({ STORE_API_URL: 'http://127.0.0.1:9999', STORE_ID: 'tahaleel' }).STORE_ID).toBe('tahaleel');
  });
});

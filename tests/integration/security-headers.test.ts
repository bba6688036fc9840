import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers on every answer', async () => {
    const app = createApp({ db: database.db, env: testEnv });
    for (const path of ['/healthz', '/trpc/catalog.categories']) {
      const response = await app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("allows images from the map's tile server, and from no other", async () => {
    const osm = createApp({ db: database.db, env: parseEnv({}) });
    const imgSrc = (csp: string | null) => /img-src ([^;]*)/.exec(csp ?? '')?.[1];
    expect(imgSrc((await osm.request('/healthz')).headers.get('content-security-policy'))).toBe(
      "'self' data: https://tile.openstreetmap.org",
    );
    const subdomains = createApp({ db: database.db, env: parseEnv({ MAP_TILES_URL: 'https://{s}.tiles.example.sa/osm/{z}/{x}/{y}.png' }) });
    expect(imgSrc((await subdomains.request('/healthz')).headers.get('content-security-policy'))).toBe(
      "'self' data: https://*.tiles.example.sa",
    );
  });

  it('adds HSTS when the site is served over HTTPS', async () => {
    const app = createApp({ db: database.db, env: parseEnv({ PUBLIC_URL: 'https://tahaleel.sa' }) });
    const response = await app.request('/healthz');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });
});

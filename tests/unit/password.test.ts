import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordCost, verifyPassword } from '../../src/server/platform/password.ts';

describe('password hashes', () => {
  afterEach(() => setPasswordCost('standard'));

  // OWASP's cost takes seconds on a busy 2-core machine.
  it('are made at OWASP cost unless a test run asks otherwise', { timeout: 30_000 }, async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('carry their cost, so one made at either cost is checked at the cost it was made with', { timeout: 30_000 }, async () => {
    const standard = await hashPassword('كلمة مرور طويلة');
    setPasswordCost('test-only');
    const cheap = await hashPassword('كلمة مرور طويلة');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('كلمة مرور طويلة', standard)).toBe(true);
    expect(await verifyPassword('كلمة مرور طويلة', cheap)).toBe(true);
    expect(await verifyPassword('كلمة مرور قصيرة', cheap)).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, setPasswordCost, takeAHashsTime, verifyPassword } from '../../src/server/platform/password.ts';
import { AppError } from '../../src/shared/errors.ts';

// Made at N=2^17, r=8, p=1 (the cost before ADR 0020) for 'correct horse'.
const OLD_STANDARD_HASH = 'scrypt$131072$8$1$Ib4j0QmOJj3nO5M9eX2m2Q==$U6MU9xvKYeufkR8NXMiAOXOrvapZQQpm+/YHIT8kv/8=';

describe('password hashes', () => {
  afterEach(() => setPasswordCost('standard'));

  // OWASP's cost takes a second or more on a busy 2-core machine.
  it('are made at the OWASP cost that fits a Worker (N=2^15, r=8, p=3) unless a test run asks otherwise', { timeout: 30_000 }, async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
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

  it('made before the cost changed (N=2^17) still verify, and are marked to be made again', { timeout: 30_000 }, async () => {
    expect(await verifyPassword('correct horse', OLD_STANDARD_HASH)).toBe(true);
    expect(await verifyPassword('correct horsf', OLD_STANDARD_HASH)).toBe(false);
    expect(needsRehash(OLD_STANDARD_HASH)).toBe(true);
  });

  it('are made one at a time, with a queue behind, and past it a sign-in hears "try again shortly" at once', async () => {
    setPasswordCost('test-only');
    const order: number[] = [];
    // 1 running + 32 waiting fit; the 34th and 35th are refused before any work.
    const calls = Array.from({ length: 35 }, (_, index) =>
      hashPassword(`password ${index}`).then(
        () => order.push(index),
        (error: AppError) => error,
      ),
    );
    const settled = await Promise.all(calls);
    const refused = settled.filter((outcome): outcome is AppError => outcome instanceof AppError);
    expect(refused.map((error) => [error.code, error.details])).toEqual([
      ['RATE_LIMITED', { retryAfterSeconds: 5 }],
      ['RATE_LIMITED', { retryAfterSeconds: 5 }],
    ]);
    // Those that waited ran in the order they came, and the turn was given back: the next hash runs.
    expect(order).toEqual(Array.from({ length: 33 }, (_, index) => index));
    expect(await verifyPassword('password 0', await hashPassword('password 0'))).toBe(true);
  });

  it("for an unknown e-mail, take a hash's time in the same line, without a hash's work", { timeout: 30_000 }, async () => {
    const stored = await hashPassword('correct horse');
    const measure = async (work: () => Promise<unknown>) => {
      const [cpu, started] = [process.cpuUsage(), performance.now()];
      await work();
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    };
    const checked = await measure(() => verifyPassword('correct horsf', stored));
    const unknown = await measure(() => takeAHashsTime());
    // As long as the last check (the timer's own slack aside)…
    expect(unknown.ms).toBeGreaterThanOrEqual(checked.ms * 0.9 - 5);
    // …for a sliver of the CPU a check spends.
    expect(unknown.cpuMs).toBeLessThan(checked.cpuMs / 4);
  });
});

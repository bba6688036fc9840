import { describe, expect, it } from 'vitest';
import { devNafath, devNafathOutcome } from '../../src/server/platform/nafath/dev-nafath.ts';
import type { NafathCallbackBody } from '../../src/server/platform/nafath/nafath-provider.ts';

// The development Nafath (ADR 0096): what `npm start` answers for each number, and that its answer is a
// token only it could have signed.

describe('devNafath', () => {
  it('picks the ending by the ninth digit: 8 expires, 9 is rejected, any other completes', () => {
    expect(devNafathOutcome('1000000016')).toBe('completed');
    expect(devNafathOutcome('1000000081')).toBe('expired');
    expect(devNafathOutcome('1000000099')).toBe('rejected');
  });

  it('answers a completed request with a signed callback carrying a name, which it alone verifies', async () => {
    const delivered: NafathCallbackBody[] = [];
    const nafath = devNafath({ deliver: async (body) => delivered.push(body), answerAfterMs: 500, lifetimeSeconds: 60 });
    const started = await nafath.startRequest({ nationalId: '1000000016', requestId: crypto.randomUUID(), locale: 'ar' });
    expect(started.random).toMatch(/^\d{2}$/);
    expect(await nafath.requestStatus({ nationalId: '1000000016', ...started })).toBe('WAITING');
    await expect.poll(() => delivered.length).toBe(1);
    expect(await nafath.requestStatus({ nationalId: '1000000016', ...started })).toBe('COMPLETED');
    const claims = await nafath.verifyCallbackToken(delivered[0]?.token ?? '');
    expect(claims).toMatchObject({ transId: started.transId, status: 'COMPLETED', nationalId: '1000000016' });
    expect(claims.nameAr).toMatch(/\p{Script=Arabic}/u);
    expect(claims.nameEn).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+){3}$/);

    // Another development server's token (another key) is refused.
    const other = devNafath({ deliver: async () => undefined, lifetimeSeconds: 60 });
    await expect(other.verifyCallbackToken(delivered[0]?.token ?? '')).rejects.toThrow(/signature/);
  });

  it('rejects a 9 with a callback, and never answers an 8', async () => {
    const delivered: NafathCallbackBody[] = [];
    const nafath = devNafath({ deliver: async (body) => delivered.push(body), answerAfterMs: 10, lifetimeSeconds: 60 });
    const rejected = await nafath.startRequest({ nationalId: '1000000099', requestId: crypto.randomUUID(), locale: 'en' });
    const expiring = await nafath.startRequest({ nationalId: '1000000081', requestId: crypto.randomUUID(), locale: 'en' });
    await expect.poll(() => delivered.length).toBe(1);
    expect((await nafath.verifyCallbackToken(delivered[0]?.token ?? '')).status).toBe('REJECTED');
    expect(delivered[0]?.transId).toBe(rejected.transId);
    expect(await nafath.requestStatus({ nationalId: '1000000081', ...expiring })).toBe('WAITING');
  });
});

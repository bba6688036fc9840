import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import type { Env } from '../../src/server/env.ts';
import { verifiedIdentityOf } from '../../src/server/modules/identity/identity.service.ts';
import { elmNafath } from '../../src/server/platform/nafath/elm-nafath.ts';
import type { NafathProvider } from '../../src/server/platform/nafath/nafath-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { type FakeNafath, type FakeNafathPerson, signJwt, startFakeNafath, strangerKey } from '../fakes/nafath.ts';
import { refusal } from '../setup/dashboard-fixtures.ts';
import { contextFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Identity verified by Nafath (issue #80 part 2, ADR 0096), through Elm's MFA API as elm-nafath.ts speaks
// it, against a fake Elm that signs its callbacks with its own key and publishes it; the app's callback
// route receives them over HTTP as Elm's would arrive.

const APP_ID = 'tahaleel-test-app';
const APP_KEY = 'tahaleel-test-key-0123456789';
const SERVICE = 'DigitalServiceEnrollmentWithoutBio';

let database: TestDatabase;
let fake: FakeNafath;
let nafath: NafathProvider;
let env: Env;
let app: ReturnType<typeof createApp>;
const createCaller = createCallerFactory(appRouter);

const sarah: FakeNafathPerson = {
  firstName: 'سارة',
  fatherName: 'عبدالرحمن',
  grandFatherName: 'إبراهيم',
  familyName: 'العتيبي',
  englishFirstName: 'Sarah',
  englishSecondName: 'Abdulrahman',
  englishThirdName: 'Ibrahim',
  englishLastName: 'Alotaibi',
};
const sarahsName = { ar: 'سارة عبدالرحمن إبراهيم العتيبي', en: 'Sarah Abdulrahman Ibrahim Alotaibi' };

/** Valid numbers (check digit included), one per test so no request of one test is open in another. */
const ids = {
  completed: '1000000016',
  mismatch: '1044556676',
  rejected: '1044556684',
  expired: '1044556692',
  lifetime: '1122334459',
  forged: '2112233446',
  stolen: '1555666773',
  replaced: '1666777881',
  mother: '1777888999',
  limited: '1888999008',
  changed: '1234567806',
};

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeNafath({
    appId: APP_ID,
    appKey: APP_KEY,
    postCallback: async (body) => (await postCallback(body)).status,
  });
  env = {
    ...testEnv,
    NAFATH_PROVIDER: 'elm',
    NAFATH_API_URL: fake.url,
    NAFATH_APP_ID: APP_ID,
    NAFATH_APP_KEY: APP_KEY,
    NAFATH_SERVICE: SERVICE,
    NAFATH_AUDIENCE: 'Tahaleel',
  };
  nafath = elmNafath({ apiUrl: fake.url, appId: APP_ID, appKey: APP_KEY, service: SERVICE, audience: 'Tahaleel' });
  app = createApp({ db: database.db, env, nafath });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

function postCallback(body: unknown) {
  return app.request('/nafath/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function apiFor(user: TestUser, provider: NafathProvider | null = nafath) {
  return createCaller({ ...(await contextFor(database.db, user)), config: env, nafath: provider });
}

/** A customer whose own number is on file. */
async function customerWith(nationalId: string) {
  const user = await createTestUser(database.db, 'customer');
  const api = await apiFor(user);
  await api.identity.setNationalId({ nationalId });
  return { user, api };
}

describe('verifying the account holder’s number with Nafath', () => {
  it('completed and the name confirmed: the number is verified with Nafath’s name and the time', async () => {
    const { user, api } = await customerWith(ids.completed);
    fake.script(ids.completed, { outcome: 'complete', person: sarah });

    const started = await api.identity.startNafath({ nationalId: ids.completed });
    const asked = fake.waitingFor(ids.completed);
    // The number to pick in the app is Nafath's; the request is ours, in the caller's language, for our service.
    expect(started).toMatchObject({ status: 'waiting', random: asked.random, request_id: asked.requestId, name: null });
    expect(asked).toMatchObject({ service: SERVICE, local: 'ar' });
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'waiting' });

    expect(await fake.decide(ids.completed)).toBe(200);
    const completed = await api.identity.nafathStatus({ requestId: started.request_id });
    expect(completed).toMatchObject({ status: 'completed', name: sarahsName });
    // Not verified until the person says the name is theirs.
    expect((await api.identity.mine()).verified).toBeNull();

    const before = Date.now();
    expect(await api.identity.confirmNafath({ requestId: started.request_id, matches: true })).toMatchObject({ status: 'confirmed' });
    const mine = await api.identity.mine();
    expect(mine).toMatchObject({ national_id: ids.completed, verified: { name_ar: sarahsName.ar, name_en: sarahsName.en } });
    expect(Date.parse(mine.verified?.verified_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await verifiedIdentityOf(database.db, { userId: user.id })).toMatchObject({
      nationalId: ids.completed,
      verifiedName: sarahsName,
      by: 'nafath',
    });
  });

  it('completed but the name is not the person’s: nothing is verified', async () => {
    const { user, api } = await customerWith(ids.mismatch);
    fake.script(ids.mismatch, { outcome: 'complete', person: sarah });
    const started = await api.identity.startNafath({ nationalId: ids.mismatch });
    await fake.decide(ids.mismatch);
    expect(await api.identity.confirmNafath({ requestId: started.request_id, matches: false })).toMatchObject({ status: 'mismatch' });
    expect((await api.identity.mine()).verified).toBeNull();
    expect(await verifiedIdentityOf(database.db, { userId: user.id })).toBeNull();
    // A mismatch cannot be turned into a confirmation afterwards.
    expect(await refusal(api.identity.confirmNafath({ requestId: started.request_id, matches: true }))).toMatchObject({
      appCode: 'CONFLICT',
    });
  });

  it('rejected in the Nafath app: the request says so and nothing is verified', async () => {
    const { api } = await customerWith(ids.rejected);
    fake.script(ids.rejected, { outcome: 'reject' });
    const started = await api.identity.startNafath({ nationalId: ids.rejected });
    expect(await fake.decide(ids.rejected)).toBe(200);
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'rejected', name: null });
    expect(await refusal(api.identity.confirmNafath({ requestId: started.request_id, matches: true }))).toMatchObject({
      appCode: 'CONFLICT',
    });
    expect((await api.identity.mine()).verified).toBeNull();
  });

  it('expired in Nafath (no callback): the status call says so', async () => {
    const { api } = await customerWith(ids.expired);
    fake.script(ids.expired, { outcome: 'expire' });
    const started = await api.identity.startNafath({ nationalId: ids.expired });
    expect(await fake.decide(ids.expired)).toBeNull();
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'expired' });
    expect((await api.identity.mine()).verified).toBeNull();
  });

  it('expires once its lifetime passes unanswered, whatever Nafath still says', async () => {
    const { api } = await customerWith(ids.lifetime);
    const started = await api.identity.startNafath({ nationalId: ids.lifetime });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(started.expires_at) + 1000);
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'expired' });
    vi.useRealTimers();
    // Its callback, should it come late, changes nothing.
    fake.script(ids.lifetime, { outcome: 'complete', person: sarah });
    expect(await fake.decide(ids.lifetime)).toBe(200);
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'expired', name: null });
  });

  it('Nafath unreachable: a localized NAFATH_UNAVAILABLE, and no request is kept', async () => {
    const { user } = await customerWith(ids.changed);
    const down = await apiFor(user, elmNafath({ apiUrl: 'http://127.0.0.1:9', appId: APP_ID, appKey: APP_KEY, service: SERVICE }));
    expect(await refusal(down.identity.startNafath({ nationalId: ids.changed }))).toMatchObject({ appCode: 'NAFATH_UNAVAILABLE' });
    const kept = await database.db.selectFrom('nafath_requests').select('id').where('user_id', '=', user.id).execute();
    expect(kept).toEqual([]);
  });

  it('a changed number is no longer verified, and only the number on file can be verified', async () => {
    const { user, api } = await customerWith(ids.changed);
    await database.db
      .updateTable('user_profiles')
      .set({ national_id_verified_at: new Date(), national_id_name_ar: 'سارة', national_id_name_en: 'Sarah' })
      .where('id', '=', user.id)
      .execute();
    expect((await api.identity.setNationalId({ nationalId: ids.changed })).verified).not.toBeNull();
    expect((await api.identity.setNationalId({ nationalId: ids.forged })).verified).toBeNull();
    expect(await verifiedIdentityOf(database.db, { userId: user.id })).toBeNull();
    expect(await refusal(api.identity.startNafath({ nationalId: ids.changed }))).toMatchObject({ appCode: 'CONFLICT' });
  });
});

describe('the refusals', () => {
  it('an invalid number is refused with the field’s own message key, Arabic-Indic digits accepted', async () => {
    const user = await createTestUser(database.db, 'customer');
    const set = (nationalId: string) =>
      app.request('/trpc/identity.setNationalId', {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ nationalId }),
      });
    const wrong = await set('1000000017');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { data: { fieldErrors: unknown } } }).error.data.fieldErrors).toEqual({
      nationalId: ['invalid_national_id'],
    });
    const short = (await (await set('12345')).json()) as { error: { data: { fieldErrors: unknown } } };
    expect(short.error.data.fieldErrors).toEqual({ nationalId: ['invalid_national_id'] });
    expect((await set('١٠٠٠٠٠٠٠١٦')).status).toBe(200);
    expect((await (await apiFor(user)).identity.mine()).national_id).toBe('1000000016');
  });

  it('a callback signed with another key, naming another transaction, or expired, is refused and verifies nothing', async () => {
    const { api } = await customerWith(ids.forged);
    const started = await api.identity.startNafath({ nationalId: ids.forged });
    const asked = fake.waitingFor(ids.forged);
    const body = (token: string, transId = asked.transId) => ({ token, transId, requestId: started.request_id });
    const completedFor = { status: 'COMPLETED', iqamaNumber: ids.forged, ...sarah };

    // The attack: a token saying COMPLETED with a name of the attacker's choosing, signed with their own key.
    const forged = signJwt(strangerKey(), {
      ...completedFor,
      transId: asked.transId,
      aud: 'Tahaleel',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await postCallback(body(forged))).status).toBe(401);
    // Nafath's own signature, but for another transaction than the body names.
    expect((await postCallback(body(fake.tokenFor(asked, { ...completedFor, transId: 'another-transaction' })))).status).toBe(400);
    // Nafath's own signature, long expired.
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(
      (await postCallback(body(fake.tokenFor(asked, { ...completedFor, iat: longAgo, nbf: longAgo, exp: longAgo + 60 })))).status,
    ).toBe(401);
    // Signed for another service provider.
    expect((await postCallback(body(fake.tokenFor(asked, { ...completedFor, aud: 'Another SP' })))).status).toBe(401);
    // No signature at all.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...completedFor, transId: asked.transId })).toString('base64url')}.`;
    expect((await postCallback(body(unsigned))).status).toBe(401);
    expect((await postCallback({ token: 'x' })).status).toBe(400);

    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'waiting', name: null });
    expect(await refusal(api.identity.confirmNafath({ requestId: started.request_id, matches: true }))).toMatchObject({
      appCode: 'CONFLICT',
    });
    expect((await api.identity.mine()).verified).toBeNull();

    // Nafath's real callback still goes through.
    fake.script(ids.forged, { outcome: 'complete', person: sarah });
    expect(await fake.decide(ids.forged)).toBe(200);
    expect(await api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'completed' });
  });

  it('another customer can neither poll nor confirm someone’s request', async () => {
    const owner = await customerWith(ids.stolen);
    fake.script(ids.stolen, { outcome: 'complete', person: sarah });
    const started = await owner.api.identity.startNafath({ nationalId: ids.stolen });
    await fake.decide(ids.stolen);

    const stranger = await apiFor(await createTestUser(database.db, 'customer'));
    expect(await refusal(stranger.identity.nafathStatus({ requestId: started.request_id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await refusal(stranger.identity.confirmNafath({ requestId: started.request_id, matches: true }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect(await owner.api.identity.nafathStatus({ requestId: started.request_id })).toMatchObject({ status: 'completed' });
    expect((await owner.api.identity.mine()).verified).toBeNull();
    // Nor verify a member of the owner's family by naming their id.
    const member = await owner.api.family.add({
      name: 'نورة',
      relation: 'mother',
      sex: 'female',
      dateOfBirth: '1961-03-14',
      nationalId: ids.mother,
    });
    expect(await refusal(stranger.identity.startNafath({ familyMemberId: member.id, nationalId: ids.mother }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
  });

  it('a second request for the same person replaces the first', async () => {
    const { api } = await customerWith(ids.replaced);
    fake.script(ids.replaced, { outcome: 'complete', person: sarah });
    const first = await api.identity.startNafath({ nationalId: ids.replaced });
    // While Nafath still holds the first (one request per number), asking again gives it back.
    expect(await api.identity.startNafath({ nationalId: ids.replaced })).toMatchObject({
      request_id: first.request_id,
      random: first.random,
    });
    await fake.decide(ids.replaced);
    const second = await api.identity.startNafath({ nationalId: ids.replaced });
    expect(second.request_id).not.toBe(first.request_id);
    expect(await api.identity.nafathStatus({ requestId: first.request_id })).toMatchObject({ status: 'replaced' });
    expect(await refusal(api.identity.confirmNafath({ requestId: first.request_id, matches: true }))).toMatchObject({
      appCode: 'CONFLICT',
    });
    expect((await api.identity.mine()).verified).toBeNull();
  });

  it('starting requests is rate-limited per account', async () => {
    const { api } = await customerWith(ids.limited);
    for (let attempt = 0; attempt < 5; attempt++) await api.identity.startNafath({ nationalId: ids.limited });
    expect(await refusal(api.identity.startNafath({ nationalId: ids.limited }))).toMatchObject({ appCode: 'RATE_LIMITED' });
  });
});

describe('family members', () => {
  it('an adult member is verified by their own Nafath; a child under 15 stands under the verified guardian', async () => {
    const { user, api } = await customerWith(ids.completed);
    const mother = await api.family.add({
      name: 'نورة',
      relation: 'mother',
      sex: 'female',
      dateOfBirth: '1961-03-14',
      nationalId: ids.mother,
    });
    const child = await api.family.add({
      name: 'فهد',
      relation: 'child',
      sex: 'male',
      dateOfBirth: '2018-06-15',
      nationalId: '1234567806',
    });

    fake.script(ids.mother, { outcome: 'complete', person: { ...sarah, firstName: 'نورة', englishFirstName: 'Noura' } });
    const started = await api.identity.startNafath({ familyMemberId: mother.id, nationalId: ids.mother });
    await fake.decide(ids.mother);
    await api.identity.confirmNafath({ requestId: started.request_id, matches: true });
    const listed = await api.family.list();
    expect(listed.find((member) => member.id === mother.id)?.verified).toMatchObject({ name_en: 'Noura Abdulrahman Ibrahim Alotaibi' });
    expect(await verifiedIdentityOf(database.db, { userId: user.id, familyMemberId: mother.id })).toMatchObject({ by: 'nafath' });

    // A changed number for her is no longer verified.
    await api.family.update({
      id: mother.id,
      name: 'نورة',
      relation: 'mother',
      sex: 'female',
      dateOfBirth: '1961-03-14',
      nationalId: ids.forged,
    });
    expect((await api.family.list()).find((member) => member.id === mother.id)?.verified).toBeNull();

    expect(await refusal(api.identity.startNafath({ familyMemberId: child.id, nationalId: '1234567806' }))).toMatchObject({
      appCode: 'NAFATH_MINOR',
    });
    expect(await verifiedIdentityOf(database.db, { userId: user.id, familyMemberId: child.id })).toBeNull();
    await database.db.updateTable('user_profiles').set({ national_id_verified_at: new Date() }).where('id', '=', user.id).execute();
    expect(await verifiedIdentityOf(database.db, { userId: user.id, familyMemberId: child.id })).toMatchObject({
      nationalId: '1234567806',
      verifiedName: null,
      by: 'guardian',
    });
  });
});

import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoNphiesSettings } from '../../seeds/data/demo-nphies.ts';
import { deterministicUuid } from '../../seeds/deterministic.ts';
import { demoInsurers } from '../../seeds/insurance.ts';
import { seedDemoNphiesSettings } from '../../seeds/lab-insurance.ts';
import { parseEnv } from '../../src/server/env.ts';
import { nphiesSettingsOf, rotateNphiesKeys, saveLabNphiesSettings } from '../../src/server/modules/lab-insurance/lab-insurance.service.ts';
import { loadKeyring, type ResultKeys, resultKeysFor, SealBrokenError } from '../../src/server/platform/result-sealing.ts';
import { createSession, generateSessionToken } from '../../src/server/platform/session.ts';
import type { NphiesCredentials } from '../../src/shared/lab-insurance-schemas.ts';
import { callerFor, createTestUser, TEST_RESULTS_KEY, type TestUser, testEnv } from '../setup/fixtures.ts';
import { otherCertificatePem, otherKeyPem } from '../setup/nphies-credentials.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A lab's insurance networks and NPHIES settings, and search's "covered by my insurance" (issue #80
// item 3, ADR 0094).

let database: TestDatabase;
let keys: ResultKeys;
beforeAll(async () => {
  database = await openTestDatabase();
  keys = await resultKeysFor(testEnv);
});
afterAll(() => database.close());

const [bupa, tawuniya, medgulf] = demoInsurers;
const demoLabId = deterministicUuid('user:lab@demo.tahaleel.sa');
const { clientCertPem, clientKeyPem } = demoNphiesSettings;
const credentials: NphiesCredentials = { clientCertPem, clientKeyPem, caPem: null };
const settings = { providerLicense: 'PR-77001', endpointUrl: 'https://hsb.nphies.sa/fhir/$process-message', ...credentials };

const approvedLab = () => createTestUser(database.db, 'lab', { approved: true });
const as = (user?: TestUser) => callerFor(database.db, user);

/** What a procedure refused with: the tRPC code, our code, its details, and the form's field problems. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as TRPCError,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = error.cause as { code?: string; details?: Record<string, unknown>; issues?: { path: PropertyKey[]; message: string }[] };
  return {
    appCode: cause?.issues ? 'VALIDATION_FAILED' : cause?.code,
    details: cause?.details,
    fields: cause?.issues?.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}

/** A customer whose own policy (the account holder's) is with the insurer, of the class, ending on the day given. */
async function insuredCustomer(insurerId: string, policyClass: string, expiresOn = '2099-12-31') {
  const customer = await createTestUser(database.db, 'customer');
  await database.db
    .insertInto('person_insurance')
    .values({
      account_id: customer.id,
      insurer_id: insurerId,
      member_id: `M-${customer.id.slice(0, 8)}`,
      policy_class: policyClass,
      expires_on: expiresOn,
    })
    .execute();
  return customer;
}

describe("a lab's networks", () => {
  it('are saved by insurer with every class or the classes typed, compared in one spelling', async () => {
    const lab = await approvedLab();
    const caller = await as(lab);
    expect((await caller.labInsurance.networks()).networks).toEqual([]);
    const saved = await caller.labInsurance.saveNetworks({
      networks: [
        { insurerId: tawuniya.id, allClasses: false, policyClasses: [' vip ', 'a', 'A', 'Class  ٣'] },
        { insurerId: bupa.id, allClasses: true, policyClasses: ['B'] },
      ],
    });
    expect(saved.networks.map((network) => [network.name_en, network.all_classes, network.policy_classes])).toEqual([
      ['Bupa Arabia', true, []],
      ['Tawuniya', false, ['VIP', 'A', 'CLASS 3']],
    ]);
    expect(saved.insurers.map((insurer) => insurer.name_en)).toEqual(expect.arrayContaining(['Bupa Arabia', 'MedGulf', 'Tawuniya']));

    // Saving the list again with one insurer fewer takes that one away.
    const after = await caller.labInsurance.saveNetworks({ networks: [{ insurerId: bupa.id, allClasses: true, policyClasses: [] }] });
    expect(after.networks.map((network) => network.name_en)).toEqual(['Bupa Arabia']);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', lab.id)
      .where('action', '=', 'lab_insurance.networks_save')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuse a network with no class, an insurer listed twice, and one not on the admin’s active list', async () => {
    const caller = await as(await approvedLab());
    expect(
      (await refusal(caller.labInsurance.saveNetworks({ networks: [{ insurerId: bupa.id, allClasses: false, policyClasses: [' '] }] })))
        .appCode,
    ).toBe('VALIDATION_FAILED');
    const twice = { insurerId: bupa.id, allClasses: true, policyClasses: [] };
    expect((await refusal(caller.labInsurance.saveNetworks({ networks: [twice, twice] }))).appCode).toBe('VALIDATION_FAILED');
    const { id: setAside } = await database.db
      .insertInto('insurers')
      .values({ nphies_payer_id: `SET-ASIDE-${randomBytes(3).toString('hex')}`, name_en: 'Set aside', name_ar: 'موقوفة', active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const insurerId of [setAside, '00000000-0000-4000-8000-000000000000']) {
      const refused = await refusal(caller.labInsurance.saveNetworks({ networks: [{ insurerId, allClasses: true, policyClasses: [] }] }));
      expect(refused).toMatchObject({ appCode: 'NOT_FOUND', details: { insurerId } });
    }
  });

  it("are the lab's own: another lab neither reads nor changes them", async () => {
    const owner = await approvedLab();
    const other = await approvedLab();
    await (await as(owner)).labInsurance.saveNetworks({ networks: [{ insurerId: medgulf.id, allClasses: true, policyClasses: [] }] });
    // The other lab's calls name no lab: they read and write the other lab's own list, never the owner's.
    expect((await (await as(other)).labInsurance.networks()).networks).toEqual([]);
    await (await as(other)).labInsurance.saveNetworks({ networks: [] });
    const owners = await database.db.selectFrom('lab_insurance_networks').select('insurer_id').where('lab_id', '=', owner.id).execute();
    expect(owners).toEqual([{ insurer_id: medgulf.id }]);
  });
});

describe('who may call the lab procedures', () => {
  it('refuses customers, admins and visitors, and a lab awaiting approval', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const admin = await createTestUser(database.db, 'admin');
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    // Each call is made only when it is awaited: a refusal made early would be an unhandled rejection until then.
    const calls = (caller: Awaited<ReturnType<typeof as>>) => [
      () => caller.labInsurance.networks(),
      () => caller.labInsurance.saveNetworks({ networks: [] }),
      () => caller.labInsurance.nphiesSettings(),
      () => caller.labInsurance.saveNphiesSettings(settings),
    ];
    for (const [user, code] of [
      [customer, 'FORBIDDEN'],
      [admin, 'FORBIDDEN'],
      [pending, 'LAB_NOT_APPROVED'],
      [undefined, 'UNAUTHENTICATED'],
    ] as const) {
      for (const call of calls(await as(user))) expect((await refusal(call())).appCode).toBe(code);
    }
    expect(await database.db.selectFrom('lab_nphies_settings').select('lab_id').where('lab_id', 'in', [pending.id]).execute()).toEqual([]);
  });
});

describe("a lab's NPHIES settings", () => {
  it('are kept sealed: the row holds no PEM, the form is shown the certificate’s facts only, the engine opens them', async () => {
    const lab = await approvedLab();
    const shown = await (await as(lab)).labInsurance.saveNphiesSettings(settings);
    expect(shown).toMatchObject({
      provider_license: 'PR-77001',
      endpoint_url: settings.endpointUrl,
      certificate_subject: expect.stringContaining('CN=demo-lab.nphies.tahaleel.invalid'),
      certificate_not_after: '2126-11-06T20:53:24.000Z',
      certificate_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      has_ca: false,
    });
    expect(JSON.stringify(shown)).not.toContain('BEGIN');
    expect(await (await as(lab)).labInsurance.nphiesSettings()).toEqual(shown);

    const row = await database.db.selectFrom('lab_nphies_settings').selectAll().where('lab_id', '=', lab.id).executeTakeFirstOrThrow();
    const keyBody = clientKeyPem.split('\n')[1]!;
    const raw = JSON.stringify(row) + Buffer.from(row.sealed_credentials).toString('latin1');
    for (const text of ['BEGIN', keyBody, clientCertPem.split('\n')[1]!]) expect(raw).not.toContain(text);

    expect(await nphiesSettingsOf(database.db, keys, lab.id)).toEqual({
      endpointUrl: settings.endpointUrl,
      providerLicense: 'PR-77001',
      clientCertPem,
      clientKeyPem,
      caPem: null,
    });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_id', '=', lab.id)
      .where('action', '=', 'lab_insurance.nphies_settings_save')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(keyBody);
  });

  it('keep the stored credentials when a save gives none, and ask for them the first time', async () => {
    const lab = await approvedLab();
    const caller = await as(lab);
    const withoutCredentials = { providerLicense: 'PR-1', endpointUrl: 'https://hsb.nphies.sa/fhir' };
    expect(await refusal(caller.labInsurance.saveNphiesSettings(withoutCredentials))).toMatchObject({
      appCode: 'NPHIES_SETTINGS_REFUSED',
      details: { reason: 'credentials_required' },
    });
    const first = await caller.labInsurance.saveNphiesSettings(settings);
    const second = await caller.labInsurance.saveNphiesSettings({ providerLicense: '٧٧٠٠٢', endpointUrl: 'https://hsb.nphies.sa/v2' });
    expect(second).toMatchObject({
      provider_license: '77002',
      endpoint_url: 'https://hsb.nphies.sa/v2',
      certificate_sha256: first?.certificate_sha256,
      credentials_added_at: first?.credentials_added_at,
    });
    expect((await nphiesSettingsOf(database.db, keys, lab.id))?.clientKeyPem).toBe(clientKeyPem);
  });

  it('refuse a key that is not the certificate’s, PEMs of the wrong shape, and an address that is not https', async () => {
    const lab = await approvedLab();
    const caller = await as(lab);
    const save = (changed: Partial<typeof credentials>, endpointUrl = settings.endpointUrl) =>
      caller.labInsurance.saveNphiesSettings({ ...settings, endpointUrl, ...changed });

    expect(await refusal(save({ clientKeyPem: otherKeyPem }))).toMatchObject({
      appCode: 'NPHIES_SETTINGS_REFUSED',
      details: { reason: 'key_mismatch' },
    });
    expect(await refusal(save({ clientCertPem: otherCertificatePem }))).toMatchObject({ details: { reason: 'key_mismatch' } });
    // The shape of a certificate around bytes that are none.
    const garbled = '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----';
    expect(await refusal(save({ clientCertPem: garbled }))).toMatchObject({ details: { reason: 'certificate_unreadable' } });
    expect(await refusal(save({ caPem: garbled }))).toMatchObject({ details: { reason: 'ca_unreadable' } });

    expect((await refusal(save({ clientCertPem: clientKeyPem }))).fields).toEqual(['clientCertPem: pem_certificate']);
    expect((await refusal(save({ clientKeyPem: clientCertPem }))).fields).toEqual(['clientKeyPem: pem_private_key']);
    const encrypted = '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----';
    expect((await refusal(save({ clientKeyPem: encrypted }))).fields).toEqual(['clientKeyPem: pem_key_encrypted']);
    for (const endpointUrl of [
      'http://nphies.example.sa/fhir',
      'ftp://nphies.example.sa',
      'https://user:pass@nphies.example.sa/',
      'nphies',
    ]) {
      expect((await refusal(save({}, endpointUrl))).fields, endpointUrl).toEqual(['endpointUrl: nphies_endpoint']);
    }
    // Only hosts the operator allows (NPHIES_ENDPOINT_HOSTS, NPHIES's own by default): not an internal address.
    for (const endpointUrl of [
      'https://169.254.169.254/latest/meta-data/',
      'https://nphies.example.sa/fhir',
      'https://10.1.2.3/$process-message',
    ]) {
      expect(await refusal(save({}, endpointUrl)), endpointUrl).toMatchObject({
        appCode: 'NPHIES_SETTINGS_REFUSED',
        details: { reason: 'endpoint_not_allowed' },
      });
    }
    expect(await save({}, 'https://hsb.nphies.sa/$process-message')).toMatchObject({
      endpoint_url: 'https://hsb.nphies.sa/$process-message',
    });
    // Plain http on this machine is the fake NPHIES's, for development; a production server's list leaves it out.
    expect(await save({}, 'http://127.0.0.1:8787/nphies')).toMatchObject({ endpoint_url: 'http://127.0.0.1:8787/nphies' });
    const production = saveLabNphiesSettings(database.db, keys, parseEnv({ NODE_ENV: 'production', HOST: '0.0.0.0' }), lab.id, lab.id, {
      ...settings,
      endpointUrl: 'http://127.0.0.1:8787/nphies',
    });
    await expect(production).rejects.toMatchObject({ code: 'NPHIES_SETTINGS_REFUSED', details: { reason: 'endpoint_not_allowed' } });
    expect(await database.db.selectFrom('lab_nphies_settings').select('endpoint_url').where('lab_id', '=', lab.id).execute()).toEqual([
      { endpoint_url: 'http://127.0.0.1:8787/nphies' },
    ]);
  });

  it("are another lab's to neither read nor open: its calls see its own, and a row copied across does not open", async () => {
    const owner = await approvedLab();
    const other = await approvedLab();
    await (await as(owner)).labInsurance.saveNphiesSettings(settings);
    expect(await (await as(other)).labInsurance.nphiesSettings()).toBeNull();
    expect(await nphiesSettingsOf(database.db, keys, other.id)).toBeNull();

    // Someone with the database copies the owner's sealed credentials into their own lab's row.
    await (await as(other)).labInsurance.saveNphiesSettings({ ...settings, providerLicense: 'PR-OTHER' });
    const sealed = await database.db
      .selectFrom('lab_nphies_settings')
      .select(['sealed_credentials', 'wrapped_key', 'iv', 'key_id'])
      .where('lab_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    await database.db.updateTable('lab_nphies_settings').set(sealed).where('lab_id', '=', other.id).execute();
    await expect(nphiesSettingsOf(database.db, keys, other.id)).rejects.toBeInstanceOf(SealBrokenError);
    expect((await nphiesSettingsOf(database.db, keys, owner.id))?.clientKeyPem).toBe(clientKeyPem);
  });

  it('are re-wrapped under a new master key by keys:rotate, and open under it alone', async () => {
    const lab = await approvedLab();
    await (await as(lab)).labInsurance.saveNphiesSettings(settings);
    const newKey = randomBytes(32);
    const oldKey = Buffer.from(TEST_RESULTS_KEY, 'base64');
    await expect(rotateNphiesKeys(database.db, await loadKeyring(newKey))).rejects.toThrow(/NPHIES credentials are sealed under key/);
    const first = await rotateNphiesKeys(database.db, await loadKeyring(newKey, [oldKey]));
    expect(first.rewrapped).toBeGreaterThanOrEqual(1);
    expect(first.damaged).toEqual([]);
    expect(await rotateNphiesKeys(database.db, await loadKeyring(newKey, [oldKey]))).toMatchObject({ rewrapped: 0 });
    expect((await nphiesSettingsOf(database.db, { keyring: await loadKeyring(newKey) }, lab.id))?.clientKeyPem).toBe(clientKeyPem);
    // Back under the suite's key, for the tests after this one.
    await rotateNphiesKeys(database.db, await loadKeyring(oldKey, [newKey]));
  });

  it('are seeded for the demo lab once, pointing at the fake NPHIES on this machine', async () => {
    expect(await seedDemoNphiesSettings(database.db, keys)).toBe(true);
    expect(await seedDemoNphiesSettings(database.db, keys)).toBe(false);
    expect(await nphiesSettingsOf(database.db, keys, demoLabId)).toMatchObject({
      endpointUrl: 'http://127.0.0.1:4030/$process-message',
      providerLicense: 'DEMO-PR-10001',
      clientKeyPem,
    });
  });
});

describe('covered by my insurance, in search', () => {
  const labsOf = (rows: { lab_id: string }[]) => [...new Set(rows.map((row) => row.lab_id))];

  it('keeps only the labs in network for the customer’s insurer and class, and leaves everyone else’s results as they were', async () => {
    const anonymous = await as();
    const everyLab = await anonymous.search.labTests({ query: 'CBC' });
    expect(labsOf(everyLab).length).toBeGreaterThan(3);

    // The demo lab takes Bupa Arabia for every class and Tawuniya for classes A and B (seeds/lab-insurance.ts).
    for (const [insurerId, policyClass, expected] of [
      [bupa.id, 'C', [demoLabId]],
      [tawuniya.id, 'a', [demoLabId]],
      [tawuniya.id, 'C', []],
      [medgulf.id, 'VIP', []],
    ] as const) {
      const customer = await as(await insuredCustomer(insurerId, policyClass));
      const covered = await customer.search.labTests({ query: 'CBC', coveredByMyInsurance: true });
      expect(labsOf(covered), `${insurerId} ${policyClass}`).toEqual(expected);
      // The same customer without the filter, and a visitor after them, see every lab, as before.
      expect(await customer.search.labTests({ query: 'CBC' })).toEqual(everyLab);
      expect(await anonymous.search.labTests({ query: 'CBC' })).toEqual(everyLab);
    }
  });

  it('is refused to a visitor, to someone without insurance, and once the policy has ended', async () => {
    expect((await refusal((await as()).search.labTests({ query: 'CBC', coveredByMyInsurance: true }))).appCode).toBe('UNAUTHENTICATED');
    const uninsured = await as(await createTestUser(database.db, 'customer'));
    expect((await refusal(uninsured.search.labTests({ query: 'CBC', coveredByMyInsurance: true }))).appCode).toBe('INSURANCE_NOT_IN_FORCE');
    const lapsed = await as(await insuredCustomer(bupa.id, 'A', '2020-01-31'));
    expect((await refusal(lapsed.search.labTests({ query: 'CBC', coveredByMyInsurance: true }))).appCode).toBe('INSURANCE_NOT_IN_FORCE');
  });

  it('follows a lab joining a network at once, and a nearest-first search keeps to the network too', async () => {
    const customer = await as(await insuredCustomer(medgulf.id, 'B'));
    const nearOlaya = { query: 'CBC', lat: 24.6953, lon: 46.6855, coveredByMyInsurance: true };
    expect(await customer.search.labTests(nearOlaya)).toEqual([]);
    const labs = await database.db
      .selectFrom('labs')
      .innerJoin('lab_tests', 'lab_tests.lab_id', 'labs.id')
      .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
      .select('labs.id')
      .where('tests.name_en', 'like', 'Complete Blood Count%')
      .where('labs.id', '<>', demoLabId)
      .where('labs.city', '=', 'riyadh')
      .orderBy('labs.id')
      .limit(2)
      .execute();
    expect(labs).toHaveLength(2);
    const joining = labs[0]!.id;
    await (await as({ id: joining, ...(await sessionOf(joining)) })).labInsurance.saveNetworks({
      networks: [{ insurerId: medgulf.id, allClasses: false, policyClasses: ['B'] }],
    });
    const covered = await customer.search.labTests(nearOlaya);
    expect(labsOf(covered)).toEqual([joining]);
    expect(covered.map((row) => row.distance_meters)).toEqual([...covered.map((row) => row.distance_meters)].sort((a, b) => a! - b!));
  });
});

describe('the in-network badge', () => {
  it('names the labs in network for a signed-in customer with insurance in force, and nobody else’s', async () => {
    const bupaCustomer = await as(await insuredCustomer(bupa.id, 'VIP'));
    const mine = await bupaCustomer.labInsurance.myNetwork();
    expect(mine).toMatchObject({ insurer_name_en: 'Bupa Arabia', policy_class: 'VIP' });
    expect(mine?.lab_ids).toContain(demoLabId);
    const everyLab = new Set((await bupaCustomer.search.labTests({ query: 'CBC' })).map((row) => row.lab_id));
    expect([...everyLab].filter((labId) => mine?.lab_ids.includes(labId))).toEqual([demoLabId]);

    expect(await (await as(await insuredCustomer(tawuniya.id, 'C'))).labInsurance.myNetwork()).toMatchObject({ lab_ids: [] });
    expect(await (await as(await createTestUser(database.db, 'customer'))).labInsurance.myNetwork()).toBeNull();
    expect((await refusal((await as()).labInsurance.myNetwork())).appCode).toBe('UNAUTHENTICATED');
    expect((await refusal((await as(await approvedLab())).labInsurance.myNetwork())).appCode).toBe('FORBIDDEN');
  });
});

/** A session for a seeded lab (the seed gives its accounts none). */
async function sessionOf(userId: string): Promise<Omit<TestUser, 'id'>> {
  const token = generateSessionToken();
  await createSession(database.db, token, userId, new Date(), { passwordConfirmedAt: new Date() });
  return { email: '', token, cookie: `tahaleel_session=${token}` };
}

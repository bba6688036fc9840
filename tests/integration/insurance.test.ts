import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhToday } from '../../src/shared/insurance-schemas.ts';
import { callerFor, createTestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Health insurance (issue #80, ADR 0094): the admin's insurers, and each person's card. A card's last day
// is the Kingdom's today at the earliest (a daughter's card below ends today and is still in force).

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The same date in Arabic-Indic digits, as a phone's Arabic keyboard types it. */
const arabicDigits = (text: string) => text.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { cause } = error as TRPCError & { cause?: { code?: string; details?: unknown; flatten?: () => { fieldErrors: unknown } } };
  return { code: (error as TRPCError).code, appCode: cause?.code, details: cause?.details, fields: cause?.flatten?.().fieldErrors };
}

async function newInsurer(payerId: string, active = true) {
  const admin = await createTestUser(database.db, 'admin');
  const api = await callerFor(database.db, admin);
  const { id } = await api.insurance.saveInsurer({
    nphiesPayerId: payerId,
    nameEn: `Insurer ${payerId}`,
    nameAr: `تأمين ${payerId}`,
    active,
  });
  return { id, api };
}

describe('the insurers the admin keeps', () => {
  it('adds and changes an insurer, audited; its payer id is one insurer’s alone', async () => {
    const { id, api } = await newInsurer('INS-ADMIN-1');
    expect((await api.insurance.allInsurers()).find((insurer) => insurer.id === id)).toMatchObject({
      nphies_payer_id: 'INS-ADMIN-1',
      name_en: 'Insurer INS-ADMIN-1',
      active: true,
    });
    await api.insurance.saveInsurer({ id, nphiesPayerId: 'INS-ADMIN-1', nameEn: 'Renamed', nameAr: 'اسم جديد', active: false });
    expect((await api.insurance.allInsurers()).find((insurer) => insurer.id === id)).toMatchObject({ name_en: 'Renamed', active: false });
    // Hidden: no longer offered to people or labs.
    expect((await api.insurance.insurers()).map((insurer) => insurer.id)).not.toContain(id);
    const audit = await database.db.selectFrom('audit_log').select(['action', 'subject_type']).where('subject_id', '=', id).execute();
    expect(audit).toEqual([
      { action: 'insurer.save', subject_type: 'insurer' },
      { action: 'insurer.save', subject_type: 'insurer' },
    ]);

    const second = await newInsurer('INS-ADMIN-2');
    expect(
      await refusal(
        second.api.insurance.saveInsurer({ id: second.id, nphiesPayerId: 'INS-ADMIN-1', nameEn: 'X', nameAr: 'س', active: true }),
      ),
    ).toMatchObject({ appCode: 'CONFLICT', details: { field: 'nphiesPayerId' } });
    expect(await refusal(api.insurance.saveInsurer({ nphiesPayerId: 'INS ADMIN', nameEn: '', nameAr: 'س', active: true }))).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { nphiesPayerId: ['invalid'], nameEn: ['required'] },
    });
  });
});

describe('a person’s insurance card', () => {
  it('keeps the holder’s and a family member’s cards; typed in Arabic-Indic digits; listed, changed and removed', async () => {
    const { id: insurerId } = await newInsurer('INS-CARD-1');
    const customer = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, customer);
    const daughter = await api.family.add({ name: 'ريم', relation: 'child', sex: 'female', dateOfBirth: '2015-02-01' });

    await api.insurance.save({
      familyMemberId: null,
      insurerId,
      memberId: ` ${arabicDigits('12345678')} `,
      policyClass: 'VIP',
      network: '',
      expiresOn: arabicDigits(day(200)),
    });
    await api.insurance.save({
      familyMemberId: daughter.id,
      insurerId,
      memberId: '12345678-02',
      policyClass: 'A',
      network: 'Gold',
      expiresOn: day(0),
    });
    expect(await api.insurance.mine()).toEqual([
      expect.objectContaining({
        family_member_id: null,
        insurer_id: insurerId,
        insurer_name_en: 'Insurer INS-CARD-1',
        member_id: '12345678',
        policy_class: 'VIP',
        network: null,
        expires_on: day(200),
        in_force: true,
        has_card_photo: false,
      }),
      expect.objectContaining({
        family_member_id: daughter.id,
        member_id: '12345678-02',
        network: 'Gold',
        expires_on: day(0),
        in_force: true,
      }),
    ]);

    // A second save changes the card: one per person.
    await api.insurance.save({ familyMemberId: null, insurerId, memberId: '87654321', policyClass: 'B', network: '', expiresOn: day(300) });
    const mine = await api.insurance.mine();
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ member_id: '87654321', policy_class: 'B', expires_on: day(300) });

    await api.insurance.remove({ familyMemberId: daughter.id });
    expect((await api.insurance.mine()).map((policy) => policy.family_member_id)).toEqual([null]);
    expect(await refusal(api.insurance.remove({ familyMemberId: daughter.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
  });

  it('refuses a policy that has ended, a member number with other characters, and an insurer no longer listed', async () => {
    const { id: insurerId, api: admin } = await newInsurer('INS-CARD-2');
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const card = { familyMemberId: null, insurerId, memberId: '555', policyClass: 'C', network: '', expiresOn: day(90) };
    expect(await refusal(api.insurance.save({ ...card, expiresOn: day(-2) }))).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { expiresOn: ['policy_expired'] },
    });
    expect(await refusal(api.insurance.save({ ...card, expiresOn: '2026-02-30' }))).toMatchObject({ fields: { expiresOn: ['invalid'] } });
    expect(await refusal(api.insurance.save({ ...card, memberId: '<script>' }))).toMatchObject({ fields: { memberId: ['invalid'] } });
    expect(await refusal(api.insurance.save({ ...card, policyClass: ' ' }))).toMatchObject({ fields: { policyClass: ['required'] } });

    await admin.insurance.saveInsurer({ id: insurerId, nphiesPayerId: 'INS-CARD-2', nameEn: 'Gone', nameAr: 'غائب', active: false });
    expect(await refusal(api.insurance.save(card))).toMatchObject({ appCode: 'NOT_FOUND', details: { field: 'insurerId' } });
    expect(await api.insurance.mine()).toEqual([]);
  });

  it('a card no longer in force says so: its insurer hidden by the admin', async () => {
    const { id: insurerId, api: admin } = await newInsurer('INS-CARD-3');
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    await api.insurance.save({ familyMemberId: null, insurerId, memberId: '777', policyClass: 'A', network: '', expiresOn: day(30) });
    expect((await api.insurance.mine())[0]).toMatchObject({ in_force: true });
    await admin.insurance.saveInsurer({ id: insurerId, nphiesPayerId: 'INS-CARD-3', nameEn: 'Hidden', nameAr: 'مخفي', active: false });
    expect((await api.insurance.mine())[0]).toMatchObject({ in_force: false });
  });

  it('another account’s family member cannot be given a card, nor their card read or removed', async () => {
    const { id: insurerId } = await newInsurer('INS-CARD-4');
    const owner = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const son = await owner.family.add({ name: 'سعد', relation: 'child', sex: 'male', dateOfBirth: '2012-09-09' });
    await owner.insurance.save({ familyMemberId: son.id, insurerId, memberId: '111', policyClass: 'B', network: '', expiresOn: day(30) });

    const attacker = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    expect(
      await refusal(
        attacker.insurance.save({
          familyMemberId: son.id,
          insurerId,
          memberId: '999',
          policyClass: 'VIP',
          network: '',
          expiresOn: day(30),
        }),
      ),
    ).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await refusal(attacker.insurance.remove({ familyMemberId: son.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await attacker.insurance.mine()).toEqual([]);
    expect(await owner.insurance.mine()).toEqual([
      expect.objectContaining({ family_member_id: son.id, member_id: '111', policy_class: 'B' }),
    ]);
  });
});

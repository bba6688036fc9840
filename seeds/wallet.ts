import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { deterministicUuid } from './deterministic.ts';

const DAY_MS = 86_400_000;

/**
 * The demo customer's wallet and invitation (issue #79 item 5, ADR 0093): her code SARAH25K, the premium
 * customer she invited (rewarded), and a few movements: that invitation's credit, part of it spent, and
 * an older credit that expired unused. Inserted once by their ids; seeding again changes nothing.
 */
export async function seedWallet(
  tx: Transaction<Database>,
  customerId: string,
  invitedId: string,
  count: (table: string, rows: number) => void,
) {
  const now = Date.now();
  const codes = await tx
    .insertInto('referral_codes')
    .values({ user_id: customerId, code: 'SARAH25K' })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  count('referral_codes', codes.length);
  const referrals = await tx
    .insertInto('referrals')
    .values({
      referred_id: invitedId,
      referrer_id: customerId,
      status: 'rewarded',
      created_at: new Date(now - 40 * DAY_MS),
      decided_at: new Date(now - 20 * DAY_MS),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('referred_id')
    .execute();
  count('referrals', referrals.length);
  const id = (name: string) => deterministicUuid(`wallet:${customerId}:${name}`);
  const oldCredit = { id: id('welcome'), at: now - 100 * DAY_MS, expires: now - 10 * DAY_MS };
  const referralCredit = { id: id('referral'), at: now - 20 * DAY_MS, expires: now + 70 * DAY_MS };
  const rows = await tx
    .insertInto('wallet_movements')
    .values([
      {
        id: oldCredit.id,
        user_id: customerId,
        kind: 'credit',
        amount_halalas: 1_500,
        reason: 'referral_referred',
        source_key: `referral:${customerId}:referred`,
        expires_at: new Date(oldCredit.expires),
        created_at: new Date(oldCredit.at),
      },
      {
        id: id('expired'),
        user_id: customerId,
        kind: 'expiry',
        amount_halalas: -1_500,
        reason: 'expired',
        lot_id: oldCredit.id,
        created_at: new Date(oldCredit.expires),
      },
      {
        id: referralCredit.id,
        user_id: customerId,
        kind: 'credit',
        amount_halalas: 2_500,
        reason: 'referral_referrer',
        source_key: `referral:${invitedId}:referrer`,
        expires_at: new Date(referralCredit.expires),
        created_at: new Date(referralCredit.at),
      },
      {
        id: id('spent'),
        user_id: customerId,
        kind: 'spend',
        amount_halalas: -1_000,
        reason: 'checkout',
        lot_id: referralCredit.id,
        spend_key: 'seed:demo-checkout',
        created_at: new Date(now - 5 * DAY_MS),
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  count('wallet_movements', rows.length);
}

/**
 * A lab states its turnaround for every test it offers, as its catalogue entry gives it, and
 * promises punctual home visits (issue #79 item 6): results later than that credit the customer.
 * Only where nothing is stated yet, so seeding again changes nothing.
 */
export async function seedGuarantee(tx: Transaction<Database>, labId: string, count: (table: string, rows: number) => void) {
  const stated = await tx
    .updateTable('lab_tests')
    .from('tests')
    .set((eb) => ({ stated_turnaround_hours: eb.ref('tests.turnaround_hours') }))
    .whereRef('tests.id', '=', 'lab_tests.test_id')
    .where('lab_tests.lab_id', '=', labId)
    .where('lab_tests.stated_turnaround_hours', 'is', null)
    .where('tests.turnaround_hours', 'is not', null)
    .where('tests.turnaround_hours', '<=', 720)
    .returning('lab_tests.id')
    .execute();
  count('lab_tests', stated.length);
  await tx.updateTable('labs').set({ promises_punctual_visits: true }).where('id', '=', labId).execute();
}

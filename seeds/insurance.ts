import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { deterministicUuid } from './deterministic.ts';

type Count = (table: string, rows: number) => void;

/**
 * The demo's insurers (issue #80, ADR 0094): three of the Kingdom's health insurers by name, with payer
 * ids that are the demo's own (`DEMO-…`, not NPHIES's: a real deployment's admin types the ids NPHIES
 * gives). The fake NPHIES server answers for any payer id. An insurer already there is left as it is.
 */
export const demoInsurers = [
  { id: deterministicUuid('insurer:bupa'), nphies_payer_id: 'DEMO-BUPA', name_en: 'Bupa Arabia', name_ar: 'بوبا العربية' },
  { id: deterministicUuid('insurer:tawuniya'), nphies_payer_id: 'DEMO-TAWUNIYA', name_en: 'Tawuniya', name_ar: 'التعاونية' },
  { id: deterministicUuid('insurer:medgulf'), nphies_payer_id: 'DEMO-MEDGULF', name_en: 'MedGulf', name_ar: 'ميدغلف' },
] as const;

export async function seedInsurers(tx: Transaction<Database>, count: Count) {
  const rows = await tx
    .insertInto('insurers')
    .values([...demoInsurers])
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  count('insurers', rows.length);
}

/**
 * The demo's insured customer: her national ID verified by Nafath (insurance needs a verified number, ADR
 * 0096), and Bupa Arabia, class B, in force for a year from the day the demo was first seeded. Left as it
 * is when there.
 */
export async function seedInsuredCustomer(tx: Transaction<Database>, customerId: string, count: Count) {
  const verified = await tx
    .updateTable('user_profiles')
    .set({
      national_id: '1087654321',
      national_id_verified_at: new Date(),
      national_id_name_ar: 'سارة محمد العتيبي',
      national_id_name_en: 'Sarah Mohammed Alotaibi',
    })
    .where('id', '=', customerId)
    .where('national_id', 'is', null)
    .executeTakeFirst();
  count('user_profiles', Number(verified.numUpdatedRows));
  const expires = new Date();
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  const rows = await tx
    .insertInto('person_insurance')
    .values({
      account_id: customerId,
      insurer_id: demoInsurers[0].id,
      member_id: '30145128',
      policy_class: 'B',
      network: 'Gold',
      expires_on: expires.toISOString().slice(0, 10),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  count('person_insurance', rows.length);
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { labNphiesSettings, saveLabNphiesSettings } from '../src/server/modules/lab-insurance/lab-insurance.service.ts';
import type { ResultKeys } from '../src/server/platform/result-sealing.ts';
import { demoNphiesSettings } from './data/demo-nphies.ts';
import { deterministicUuid } from './deterministic.ts';
import { demoInsurers } from './insurance.ts';

type Count = (table: string, rows: number) => void;

const [bupa, tawuniya] = demoInsurers;

/**
 * The demo lab's networks (issue #80, ADR 0094): Bupa Arabia for every class, Tawuniya for classes A and B
 * (MedGulf not at all), so an insured customer sees the badge or not by their insurer and class. A network
 * already there is left as it is.
 */
export async function seedLabNetworks(tx: Transaction<Database>, labId: string, count: Count) {
  const rows = await tx
    .insertInto('lab_insurance_networks')
    .values([
      { lab_id: labId, insurer_id: bupa.id, all_classes: true, policy_classes: [] },
      { lab_id: labId, insurer_id: tawuniya.id, all_classes: false, policy_classes: ['A', 'B'] },
    ])
    .onConflict((conflict) => conflict.columns(['lab_id', 'insurer_id']).doNothing())
    .returning('lab_id')
    .execute();
  count('lab_insurance_networks', rows.length);
}

/**
 * The demo lab's tests as NPHIES bills them: a billing code each, of the demo's own (`DEMO-…`, as the
 * insurers' payer ids are), so that a coverage check at the demo lab asks the fake NPHIES about every test.
 * A real lab types the codes NPHIES's laboratory code system gives its services. A code already set stays.
 */
export async function seedBillingCodes(tx: Transaction<Database>, labId: string, count: Count) {
  const rows = await tx
    .updateTable('lab_tests')
    .set({ nphies_billing_code: sql<string>`'DEMO-' || lpad(test_id::text, 4, '0')` })
    .where('lab_id', '=', labId)
    .where('nphies_billing_code', 'is', null)
    .returning('id')
    .execute();
  count('lab_tests.nphies_billing_code', rows.length);
}

/**
 * The demo lab's NPHIES settings, sealed under the results key as a lab's form seals them (so, like the
 * Premium customer's results, written once the key is known; seeds/demo-results.ts). They point at the fake
 * NPHIES server on this machine over plain http, which a server allows only where that fake answers (by
 * default outside production, and on `npm start`: NPHIES_ENDPOINT_HOSTS). Written
 * once: settings already there are left as they are. Answers whether it wrote them.
 */
export async function seedDemoNphiesSettings(db: Kysely<Database>, keys: ResultKeys): Promise<boolean> {
  const labId = deterministicUuid('user:lab@demo.tahaleel.sa');
  const lab = await db.selectFrom('labs').select('id').where('id', '=', labId).executeTakeFirst();
  if (!lab || (await labNphiesSettings(db, labId))) return false;
  const { providerLicense, endpointUrl, clientCertPem, clientKeyPem, caPem } = demoNphiesSettings;
  await saveLabNphiesSettings(db, keys, { NPHIES_ENDPOINT_HOSTS: ['127.0.0.1'] }, labId, labId, {
    providerLicense,
    endpointUrl,
    clientCertPem,
    clientKeyPem,
    caPem,
  });
  return true;
}

import type { Kysely } from 'kysely';
import { demoNphiesSettings } from '../../seeds/data/demo-nphies.ts';
import { demoInsurers } from '../../seeds/insurance.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { saveLabNphiesSettings } from '../../src/server/modules/lab-insurance/lab-insurance.service.ts';
import { resultKeysFor } from '../../src/server/platform/result-sealing.ts';
import { createTestUser, testEnv } from './fixtures.ts';

// Insurance set-up the coverage, checkout and claim tests share (issue #80): a lab in an insurer's network
// and connected to the fake NPHIES, and a customer with a card whose member id scripts the fake's answer.

export const [bupa, tawuniya] = demoInsurers;

/** The lab's NPHIES settings, pointing at `endpointUrl` (the fake's), with the demo's certificate. */
export async function connectLabToNphies(db: Kysely<Database>, labId: string, endpointUrl: string) {
  const { clientCertPem, clientKeyPem } = demoNphiesSettings;
  await saveLabNphiesSettings(db, await resultKeysFor(testEnv), testEnv, labId, labId, {
    providerLicense: `PR-${labId.slice(0, 8)}`,
    endpointUrl,
    clientCertPem,
    clientKeyPem,
    caPem: null,
  });
}

/** The lab in Bupa's network, every class. */
export async function joinBupaNetwork(db: Kysely<Database>, labId: string) {
  await db
    .insertInto('lab_insurance_networks')
    .values({ lab_id: labId, insurer_id: bupa.id, all_classes: true, policy_classes: [] })
    .execute();
}

let nextId = 0;
/** A ten-digit national ID of this run's own (the fake does not look at it). */
export const nationalId = () => `10${String(Date.now() % 1e6).padStart(6, '0')}${String(nextId++ % 100).padStart(2, '0')}`;

/**
 * A customer whose card has the member id given (Bupa, class Gold unless told, in force until 2099), with
 * sex and date of birth, and their ID verified by Nafath unless told.
 */
export async function insuredCustomer(
  db: Kysely<Database>,
  memberId: string,
  { verified = true, insurerId = bupa.id, expiresOn = '2099-12-31', policyClass = 'Gold' } = {},
) {
  const customer = await createTestUser(db, 'customer');
  await db
    .updateTable('user_profiles')
    .set({
      sex: 'female',
      date_of_birth: '1990-04-12',
      national_id: nationalId(),
      national_id_verified_at: verified ? new Date() : null,
      national_id_name_en: verified ? 'Noura Saad Alqahtani' : null,
      national_id_name_ar: verified ? 'نورة سعد القحطاني' : null,
    })
    .where('id', '=', customer.id)
    .execute();
  await db
    .insertInto('person_insurance')
    .values({ account_id: customer.id, insurer_id: insurerId, member_id: memberId, policy_class: policyClass, expires_on: expiresOn })
    .execute();
  return customer;
}

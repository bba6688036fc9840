import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { catalogueTestIds } from './dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from './fixtures.ts';

// A lab's package of a CBC and vitamin D, approved and on sale, and the HL7 messages its system sends
// for such a visit, test by test (issue #79 item 1, ADR 0091 amended).

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');

/** The lab's "Blood and Vitamin D" package (CBC, then vitamin D), approved by an admin: its test id and offering. */
export async function bloodAndVitaminDPackage(db: Kysely<Database>, lab: TestUser) {
  const members = await catalogueTestIds(db, 'Complete Blood Count (CBC)', 'Vitamin D (25-OH)');
  const saved = await (await callerFor(db, lab)).packages.save({
    nameAr: 'باقة الدم وفيتامين د',
    nameEn: 'Blood and Vitamin D',
    descriptionAr: 'صورة الدم الكاملة وفيتامين د',
    descriptionEn: 'A complete blood count and vitamin D.',
    preparationAr: '',
    preparationEn: '',
    categoryId: 1,
    testIds: members,
    price: 250,
    suitsSex: null,
    minAge: null,
    maxAge: null,
  });
  const admin = await createTestUser(db, 'admin');
  await (await callerFor(db, admin)).packages.review({ id: saved.id, decision: 'approve', note: '' });
  return { packageId: saved.id, labTestId: saved.lab_test_id };
}

/** The CBC a lab's system sends (10 values, platelets low), for this visit. */
export const cbcMessage = (reference: string, controlId: string, platelets = '128') =>
  fixture('hl7/oru-r01-cbc.hl7')
    .replaceAll('TH-4QW8Z2NC', reference)
    .replace('ALB20261127-000191', controlId)
    .replace('||128|10*3/uL', `||${platelets}|10*3/uL`);

/** The vitamin D the same system sends the next day, as its own order (OBR) of the same visit. */
export function vitaminDMessage(reference: string, controlId: string, value = '31') {
  const [msh, pid, orc] = fixture('hl7/oru-r01-cbc.hl7').split('\r');
  return [
    msh!.replace('ALB20261127-000191', controlId),
    pid,
    orc!.replaceAll('TH-4QW8Z2NC', reference),
    `OBR|1|${reference}|LB26-118908^LABSYS|62292-8^25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma^LN|||20261127080000+0300|||||||||||||||20261128110000+0300||CH|F`,
    `OBX|1|NM|62292-8^25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma^LN||${value}|ng/mL^^UCUM|30-100|N|||F|||20261127080000+0300`,
    '',
  ].join('\r');
}

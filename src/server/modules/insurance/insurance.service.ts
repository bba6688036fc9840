import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './insurance.repository.ts';

/** The insurers a person or a lab may choose (active ones), or all of them for the admin. */
export function listInsurers(db: Kysely<Database>, { activeOnly }: { activeOnly: boolean }) {
  return repo.listInsurers(db, { activeOnly });
}

export type Insurer = Awaited<ReturnType<typeof repo.listInsurers>>[number];

/**
 * A person's insurance as a checkout or a search filter needs it: the insurer, member id, class and
 * network, and `in_force` on `on` (the policy's end date not passed in the Kingdom, the insurer active).
 * The account holder's with `familyMemberId` null. Undefined where the person has none.
 */
export function insuranceOfPerson(db: Kysely<Database>, accountId: string, familyMemberId: string | null, on: Date = new Date()) {
  return repo.personInsurance(db, accountId, familyMemberId, on);
}

import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { packageFit } from '../../../shared/package-suits.ts';
import { todayIn } from '../../../shared/time.ts';
import type { Database } from '../../db/schema.ts';
import { type BookableLabTest, patientTraits } from './booking.repository.ts';

/**
 * Whom the packages asked for are made for (ADR 0091's amendment): a package for one sex is refused for a
 * patient (the holder, or the family member a seat names) of the other, PACKAGE_NOT_FOR_PATIENT; an age
 * outside its band is booked, and answered true so that it can be said. A sex or an age the account has
 * not given is never held against the patient.
 */
export async function packagesSuitPatients(
  db: Kysely<Database>,
  holderId: string,
  seats: readonly { lab_test_id: number; family_member_id?: string | null }[],
  offerings: ReadonlyMap<number, BookableLabTest>,
  now: Date,
): Promise<boolean> {
  const asking = seats.filter((seat) => {
    const offering = offerings.get(seat.lab_test_id);
    return offering && (offering.suits_sex !== null || offering.min_age !== null || offering.max_age !== null);
  });
  if (asking.length === 0) return false;
  const members = [...new Set(asking.flatMap((seat) => (seat.family_member_id ? [seat.family_member_id] : [])))];
  const traits = new Map((await patientTraits(db, holderId, members)).map((row) => [row.id ?? '', row]));
  let outsideAgeBand = false;
  for (const seat of asking) {
    const offering = offerings.get(seat.lab_test_id)!;
    const patient = traits.get(seat.family_member_id ?? '');
    const fit = packageFit(
      { sex: offering.suits_sex, min_age: offering.min_age, max_age: offering.max_age },
      { sex: patient?.sex ?? null, dateOfBirth: patient?.date_of_birth ?? null },
      todayIn(offering.time_zone, now),
    );
    if (fit === 'wrong_sex')
      throw new AppError('PACKAGE_NOT_FOR_PATIENT', {
        labTestId: offering.id,
        sex: offering.suits_sex,
        testNameAr: offering.test_name_ar,
        testNameEn: offering.test_name_en,
      });
    if (fit === 'age_outside') outsideAgeBand = true;
  }
  return outsideAgeBand;
}

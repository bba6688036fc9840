import { ageOn } from './time.ts';

// Whom a package is for (issue #79, ADR 0091's amendment): a package made for one sex is not booked for
// the other, as Saudi labs' apps refuse a women's health package for a man; an age outside its band is
// only said, as they do, since a lab's band is advice and a 46-year-old may well want the 18–45 check.

export interface PackageSuits {
  sex: 'female' | 'male' | null;
  min_age: number | null;
  max_age: number | null;
}

/** The patient as the account knows them: either may be unknown (not given yet). */
export interface PatientTraits {
  sex: 'female' | 'male' | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
}

/** `wrong_sex`: refused; `age_outside`: booked with a note; `fits`: nothing to say, unknown traits included. */
export type PackageFit = 'fits' | 'wrong_sex' | 'age_outside';

/** How a package suits the patient on `on` (YYYY-MM-DD); what is not known is never held against them. */
export function packageFit(suits: PackageSuits, patient: PatientTraits, on: string): PackageFit {
  if (suits.sex !== null && patient.sex !== null && suits.sex !== patient.sex) return 'wrong_sex';
  if (patient.dateOfBirth === null || (suits.min_age === null && suits.max_age === null)) return 'fits';
  const age = ageOn(patient.dateOfBirth, on);
  if ((suits.min_age !== null && age < suits.min_age) || (suits.max_age !== null && age > suits.max_age)) return 'age_outside';
  return 'fits';
}

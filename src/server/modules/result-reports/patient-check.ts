/**
 * A wrong-patient guard (issue #76 item 3): where the lab's system says who the patient is (PID-7
 * birth date, PID-8 sex; FHIR Patient.birthDate, gender) and the booking's person (the account
 * holder's profile or the family member's record) says otherwise. The values are kept and not held;
 * the lab is told in its answer and its form asks it to check the sample is this patient's.
 */
export type PatientField = 'sex' | 'birthDate';

/** Who a lab's system says the patient is (PID-7, PID-8; Patient.birthDate, gender), as the intake reads it. */
export interface SentPatient {
  /** `YYYY-MM-DD`. */
  birthDate?: string;
  sex?: 'male' | 'female' | 'other' | 'unknown';
}

/** The person's own sex and date of birth, as the booking knows them (either may be unknown). */
export interface BookedPerson {
  sex: 'male' | 'female' | null;
  dateOfBirth: Date | string | null;
}

const day = (date: Date | string) => (typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10));

/** The fields where what the lab's system sent differs from what the booking knows; none when either is unknown. */
export function patientMismatch(person: BookedPerson, sent: SentPatient | undefined): PatientField[] {
  if (!sent) return [];
  const fields: PatientField[] = [];
  if (person.sex && (sent.sex === 'male' || sent.sex === 'female') && sent.sex !== person.sex) fields.push('sex');
  if (person.dateOfBirth && sent.birthDate && sent.birthDate !== day(person.dateOfBirth)) fields.push('birthDate');
  return fields;
}

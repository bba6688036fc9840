/**
 * The demo's Premium customer and her results: three visits to the demo lab over eight months, values
 * as a lab would report them (some in other units, one amended), so the results pages, flags and
 * trends have something true-to-life to show, and the analysis (issue #54) finds what a newcomer should
 * see: an iron-deficiency pattern (the last CBC with that visit's ferritin), HbA1c in the prediabetes
 * range, and an LDL that rose beyond its reference change value. Made up for the demo; no real person's
 * results.
 */
export interface DemoVisit {
  /** How many days before seeding the sample was taken. */
  daysAgo: number;
  test: string;
  patientSex: 'female';
  /** LOINC code → value as typed, with its unit when not the analyte's own. */
  values: Record<string, string | [value: string, unit: string]>;
  /** Released first with these values, then amended to `values`. */
  amendedFrom?: Record<string, string | [value: string, unit: string]>;
  releaseAs: 'preliminary' | 'final';
  note?: string;
}

export const premiumCustomer = { email: 'premium@demo.tahaleel.sa', name: 'نورة القحطاني', phone: '+966551234567' } as const;

const LIPIDS_MARCH = { '2093-3': '186', '2571-8': '182', '2085-9': '38', '13457-7': '112' };

export const demoVisits: DemoVisit[] = [
  { daysAgo: 240, test: 'Vitamin D (25-OH)', patientSex: 'female', values: { '62292-8': '12' }, releaseAs: 'final' },
  { daysAgo: 240, test: 'Lipid Profile', patientSex: 'female', values: LIPIDS_MARCH, releaseAs: 'final' },
  { daysAgo: 240, test: 'Glycated Hemoglobin (HbA1c)', patientSex: 'female', values: { '4548-4': '5.9' }, releaseAs: 'final' },
  { daysAgo: 240, test: 'Fasting Blood Glucose (FBS)', patientSex: 'female', values: { '1558-6': '104' }, releaseAs: 'final' },
  { daysAgo: 120, test: 'Vitamin D (25-OH)', patientSex: 'female', values: { '62292-8': '24' }, releaseAs: 'final' },
  {
    daysAgo: 120,
    test: 'Lipid Profile',
    patientSex: 'female',
    values: { '2093-3': '189', '2571-8': '151', '2085-9': '41', '13457-7': '118' },
    releaseAs: 'final',
  },
  { daysAgo: 120, test: 'Fasting Blood Glucose (FBS)', patientSex: 'female', values: { '1558-6': ['5.6', 'mmol/L'] }, releaseAs: 'final' },
  { daysAgo: 14, test: 'Vitamin D (25-OH)', patientSex: 'female', values: { '62292-8': '31' }, releaseAs: 'final' },
  { daysAgo: 14, test: 'Glycated Hemoglobin (HbA1c)', patientSex: 'female', values: { '4548-4': '5.7' }, releaseAs: 'final' },
  {
    daysAgo: 14,
    test: 'Lipid Profile',
    patientSex: 'female',
    values: { '2093-3': '228', '2571-8': '128', '2085-9': '46', '13457-7': '156' },
    amendedFrom: { '2093-3': '228', '2571-8': '218', '2085-9': '46', '13457-7': '138' },
    releaseAs: 'final',
    note: 'Triglycerides repeated on a fasting sample.',
  },
  {
    daysAgo: 14,
    test: 'Complete Blood Count (CBC)',
    patientSex: 'female',
    values: {
      '6690-2': '6.4',
      '789-8': '4.1',
      '718-7': '10.9',
      '4544-3': '34.1',
      '787-2': '76',
      '785-6': '24.5',
      '786-4': '31.9',
      '788-0': '16.2',
      '777-3': '310',
    },
    releaseAs: 'preliminary',
  },
  { daysAgo: 14, test: 'Ferritin', patientSex: 'female', values: { '2276-4': '9' }, releaseAs: 'final' },
];

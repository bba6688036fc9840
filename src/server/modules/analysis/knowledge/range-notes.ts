import { REPRODUCTIVE_YEARS } from './causes.ts';
import type { Cause, RangeNote, RangeStateId } from './format.ts';

/**
 * Ranges that depend on a state the analysis is not told of (issue #76): a value of one of these
 * analytes outside its range says so, for a woman in her reproductive years (or a person whose sex is
 * not known, in the third person), never for a man. The texts carry no numbers.
 */
export const rangeStates: Record<RangeStateId, Cause> = {
  pregnancy: {
    en: 'The range of this test differs in pregnancy, which these results do not say; your doctor reads it with that in mind.',
    ar: 'يختلف المدى المرجعي لهذا التحليل أثناء الحمل، ولا تذكر هذه النتائج إن كان الحمل قائمًا؛ ويقرؤها طبيبك مع مراعاة ذلك.',
    appliesTo: REPRODUCTIVE_YEARS,
    unknownSex: {
      en: 'In a woman, the range of this test differs in pregnancy, which these results do not say; the doctor reads it with that in mind.',
      ar: 'لدى المرأة، يختلف المدى المرجعي لهذا التحليل أثناء الحمل، ولا تذكر هذه النتائج إن كان الحمل قائمًا؛ ويقرؤها الطبيب مع مراعاة ذلك.',
    },
  },
  cycleAndPregnancy: {
    en: 'The range of this test differs across the menstrual cycle, in pregnancy and after menopause, which these results do not say; your doctor reads it with the day of your cycle in mind.',
    ar: 'يختلف المدى المرجعي لهذا التحليل باختلاف أيام الدورة الشهرية وأثناء الحمل وبعد انقطاع الطمث، ولا تذكر هذه النتائج ذلك؛ ويقرؤها طبيبك مع مراعاة يوم الدورة.',
    appliesTo: REPRODUCTIVE_YEARS,
    unknownSex: {
      en: 'In a woman, the range of this test differs across the menstrual cycle, in pregnancy and after menopause, which these results do not say; the doctor reads it with the day of the cycle in mind.',
      ar: 'لدى المرأة، يختلف المدى المرجعي لهذا التحليل باختلاف أيام الدورة الشهرية وأثناء الحمل وبعد انقطاع الطمث، ولا تذكر هذه النتائج ذلك؛ ويقرؤها الطبيب مع مراعاة يوم الدورة.',
    },
  },
};

/** The analytes whose range depends on such a state, each with the source that says so. */
export const rangeNotes: RangeNote[] = [
  // Sex hormones: ranges by cycle phase (follicular, mid-cycle, luteal), pregnancy and menopause.
  { loinc: '2243-4', state: 'cycleAndPregnancy', source: 'medlinePlusLabTests' }, // estradiol
  { loinc: '2839-9', state: 'cycleAndPregnancy', source: 'medlinePlusLabTests' }, // progesterone
  { loinc: '10501-5', state: 'cycleAndPregnancy', source: 'medlinePlusLabTests' }, // LH
  { loinc: '15067-2', state: 'cycleAndPregnancy', source: 'medlinePlusLabTests' }, // FSH
  // Pregnancy: hCG by week of pregnancy; thyroid ranges by trimester (ATA 2017); prolactin, ALP,
  // haemoglobin (WHO 2024 gives pregnancy its own cut-off) and D-dimer rise or fall in pregnancy.
  { loinc: '19080-1', state: 'pregnancy', source: 'medlinePlusLabTests' }, // beta-hCG, quantitative
  { loinc: '3016-3', state: 'pregnancy', source: 'ata2017Pregnancy' }, // TSH
  { loinc: '3024-7', state: 'pregnancy', source: 'ata2017Pregnancy' }, // free T4
  { loinc: '2842-3', state: 'pregnancy', source: 'medlinePlusLabTests' }, // prolactin
  { loinc: '6768-6', state: 'pregnancy', source: 'medlinePlusLabTests' }, // alkaline phosphatase
  { loinc: '718-7', state: 'pregnancy', source: 'who2024Haemoglobin' }, // haemoglobin
  { loinc: '48065-7', state: 'pregnancy', source: 'medlinePlusLabTests' }, // D-dimer
];

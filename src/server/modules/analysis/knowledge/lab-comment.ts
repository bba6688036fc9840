import type { ResultFlag } from '../../../../shared/result-values.ts';
import type { Bilingual, RuleSeverity } from './format.ts';

// The words of the interpretive comment a Premium lab's specialist starts from (issue #54): drafted
// from the same rules as the patient's analysis, in the lab's language, for a clinician to edit and
// sign. Each pattern's own title and sources come from ./rules.ts and ./sources.ts; these are the
// words around them. Like the rules, they say what the values are commonly seen with, never a diagnosis.

/** What a pattern of this severity asks of the reader of the report. */
export const severityAdvice: Record<RuleSeverity, Bilingual> = {
  info: { en: 'For information.', ar: 'للعلم.' },
  discuss: {
    en: 'Suggest review with the requesting physician in the light of the clinical picture.',
    ar: 'يُقترح مراجعتها مع الطبيب المعالج في ضوء الحالة السريرية.',
  },
  soon: {
    en: 'Suggest prompt review by the requesting physician.',
    ar: 'يُقترح عرضها على الطبيب المعالج دون تأخير.',
  },
};

/**
 * A value's flag against its reference range, in words; in Arabic in agreement with the analyte's name
 * (./name-grammar.ts): «الكوليسترول الكلي (مرتفع)», «الدهون الثلاثية (مرتفعة)».
 */
export const flagWords: Record<Exclude<ResultFlag, 'N'>, Bilingual & { arFeminine: string }> = {
  L: { en: 'low', ar: 'منخفض', arFeminine: 'منخفضة' },
  LL: { en: 'critically low', ar: 'منخفض إلى حدّ حرج', arFeminine: 'منخفضة إلى حدّ حرج' },
  H: { en: 'high', ar: 'مرتفع', arFeminine: 'مرتفعة' },
  HH: { en: 'critically high', ar: 'مرتفع إلى حدّ حرج', arFeminine: 'مرتفعة إلى حدّ حرج' },
  A: { en: 'abnormal', ar: 'غير طبيعي', arFeminine: 'غير طبيعية' },
};

export const commentPhrases = {
  /** Before the values a pattern was read from. */
  valuesRead: { en: 'Values the rule read', ar: 'القيم التي استندت إليها القاعدة' },
  /** After a value the rules calculated (eGFR from creatinine, age and sex). */
  calculated: { en: 'calculated', ar: 'محسوبة' },
  /** Before a kidney pattern's KDIGO 2024 categories of the visit ("G3a A2"). */
  kdigoCategory: { en: 'KDIGO category', ar: 'فئة KDIGO' },
  /** Before the follow-up tests a pattern suggests. */
  furtherTests: { en: 'Further tests that may help', ar: 'فحوص إضافية قد تفيد' },
  /** Before the values past their critical limits: the comment's first paragraph (issue #76). */
  critical: {
    en: 'Values past their critical limits, to be notified to the requesting physician or the patient without delay',
    ar: 'قيم تجاوزت حدودها الحرجة، يُبلَّغ بها الطبيب المعالج أو المريض دون تأخير',
  },
  /** Before the values outside their reference ranges. */
  outOfRange: { en: 'Values outside their reference ranges', ar: 'قيم خارج حدودها المرجعية' },
  /** When no value is outside its range, but a pattern was found. */
  noneOutOfRange: { en: 'No values outside their reference ranges.', ar: 'لا توجد قيم خارج حدودها المرجعية.' },
  /** When there is neither. */
  nothingFound: {
    en: 'No values outside their reference ranges; no pattern flagged by the rules.',
    ar: 'لا توجد قيم خارج حدودها المرجعية، ولم تُشِر القواعد إلى أي نمط.',
  },
} satisfies Record<string, Bilingual>;

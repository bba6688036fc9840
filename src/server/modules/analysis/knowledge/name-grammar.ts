/**
 * How an analyte's name agrees in a sentence the analysis builds around it (issue #77 item 10, ADR 0084):
 * in Arabic, a verb or adjective takes the masculine or the feminine, and a plural of things takes the
 * feminine singular («بقيت الدهون الثلاثية مستقرة», «ارتفعت كريات الدم البيضاء»); in English, a verb
 * takes the singular or the plural ("Your triglycerides have been steady"). Keyed by LOINC like the
 * explanations; an analyte not listed here is masculine and singular, as most are («الهيموغلوبين»,
 * "Hemoglobin"). tests/unit/analysis-knowledge.test.ts checks the catalog's names against this list.
 */

export type ArabicAgreement = 'masculine' | 'feminine';
export type EnglishNumber = 'singular' | 'plural';

/** The forms a sentence chooses between: `ar` for Arabic, `en` for English. */
export interface NameGrammar {
  ar: ArabicAgreement;
  en: EnglishNumber;
}

const feminine: Partial<NameGrammar> = { ar: 'feminine' };
const plural: Partial<NameGrammar> = { en: 'plural' };
const both: Partial<NameGrammar> = { ar: 'feminine', en: 'plural' };

/** The names that are not masculine singular, by LOINC, with the catalog's names beside them. */
export const nameGrammar: Record<string, Partial<NameGrammar>> = {
  '6690-2': both, // كريات الدم البيضاء · White blood cells
  '789-8': both, // كريات الدم الحمراء · Red blood cells
  '777-3': both, // الصفائح الدموية · Platelets
  '770-8': both, // العدلات % · Neutrophils %
  '736-9': both, // الخلايا اللمفاوية % · Lymphocytes %
  '5905-5': both, // الخلايا الوحيدة % · Monocytes %
  '713-8': both, // الخلايا الحمضية % · Eosinophils %
  '706-2': both, // الخلايا القاعدية % · Basophils %
  '751-8': both, // العدلات (العدد المطلق) · Neutrophils (absolute)
  '731-0': both, // الخلايا اللمفاوية (العدد المطلق) · Lymphocytes (absolute)
  '742-7': both, // الخلايا الوحيدة (العدد المطلق) · Monocytes (absolute)
  '711-2': both, // الخلايا الحمضية (العدد المطلق) · Eosinophils (absolute)
  '704-7': both, // الخلايا القاعدية (العدد المطلق) · Basophils (absolute)
  '30341-2': feminine, // سرعة ترسب الدم · Erythrocyte sedimentation rate
  '883-9': feminine, // فصيلة الدم · ABO blood group
  '6301-6': feminine, // النسبة المعيارية الدولية · International normalized ratio
  '9318-7': feminine, // نسبة الألبومين إلى الكرياتينين · Albumin/creatinine ratio
  '2571-8': both, // الدهون الثلاثية · Triglycerides
  '8099-4': both, // الأجسام المضادة لإنزيم بيروكسيداز الغدة الدرقية · Thyroid peroxidase antibodies
  '2500-7': feminine, // السعة الكلية لربط الحديد · Total iron-binding capacity
  '2502-3': feminine, // نسبة تشبع الترانسفيرين · Transferrin saturation
  '5334-8': both, // الأجسام المضادة للحصبة الألمانية · Rubella IgG antibodies
  '13955-0': both, // الأجسام المضادة لالتهاب الكبد C · Hepatitis C antibodies
  '56888-1': plural, // فيروس نقص المناعة البشرية · HIV 1 and 2 antibodies and p24 antigen
  '19053-8': both, // الأجسام المضادة للبروسيلا · Brucella antibodies
  '2028-9': feminine, // البيكربونات · Bicarbonate
  '5811-5': feminine, // الكثافة النوعية للبول · Specific gravity, urine
  '2514-8': both, // الكيتونات في البول · Ketones, urine
  '5821-4': both, // كريات الدم البيضاء في راسب البول · White blood cells, urine sediment
  '13945-1': both, // كريات الدم الحمراء في راسب البول · Red blood cells, urine sediment
};

/** An analyte name's grammar, masculine and singular unless listed. */
export function grammarOf(loinc: string): NameGrammar {
  return { ar: 'masculine', en: 'singular', ...nameGrammar[loinc] };
}

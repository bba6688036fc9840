import type { Bilingual } from './format.ts';
import type { SourceId } from './sources.ts';

/**
 * What a value past its critical limit asks of the reader now (issue #76). A laboratory tells the
 * patient or their clinician of a critical result without delay (ISO 15189:2022 7.4.1.3; CLSI GP47),
 * and here a report holding one is not released before the lab has recorded that call (ADR 0057). The finding opens with these words, before what the analyte measures; it names neither a
 * diagnosis nor the sample as a likely cause: the lab checks the sample before it calls (CLSI GP47).
 * Emergency numbers: Saudi Red Crescent ambulance 997, unified emergency number 911.
 */
export interface CriticalAdvice {
  now: Bilingual;
  steps: Bilingual[];
  emergency: { number: string; name: Bilingual }[];
  sources: SourceId[];
}

export const criticalAdvice: CriticalAdvice = {
  now: {
    en: 'This value is past the limit at which a laboratory must tell the patient or their doctor at once, not at the next visit.',
    ar: 'هذه القيمة تجاوزت الحدّ الذي يلزم المختبرَ عنده إبلاغ المريض أو طبيبه فورًا، لا في الزيارة القادمة.',
  },
  steps: [
    {
      en: 'Your lab is required to call you or your doctor about a value like this; if nobody has spoken with you about it, call the lab now.',
      ar: 'يلتزم مختبرك بالاتصال بك أو بطبيبك بشأن قيمة كهذه؛ فإن لم يتحدث معك أحد عنها فاتصل بالمختبر الآن.',
    },
    {
      en: 'Contact your doctor today, even if you feel well.',
      ar: 'تواصل مع طبيبك اليوم، حتى لو كنت تشعر أنك بخير.',
    },
    {
      en: 'If chest pain, palpitations, marked weakness, breathlessness, confusion or fainting appear, call 997 (Saudi Red Crescent) or 911, or go to the nearest emergency department now.',
      ar: 'إن ظهر ألم في الصدر أو خفقان أو ضعف واضح أو ضيق في التنفس أو تشوش أو إغماء فاتصل بالرقم 997 (هيئة الهلال الأحمر السعودي) أو 911، أو توجّه إلى أقرب قسم طوارئ الآن.',
    },
  ],
  emergency: [
    { number: '997', name: { en: 'Saudi Red Crescent (ambulance)', ar: 'هيئة الهلال الأحمر السعودي (الإسعاف)' } },
    { number: '911', name: { en: 'Unified emergency number', ar: 'رقم الطوارئ الموحد' } },
  ],
  sources: ['iso15189_2022', 'clsiGp47', 'saudiEmergencyNumbers'],
};

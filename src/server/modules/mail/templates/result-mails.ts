import type { Locale } from '../../../../shared/locale.ts';
import { emailAddress, isolate, leftToRight, type MailContent } from './content.ts';
import { appointmentTime, picker, SUPPORT_EMAIL, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** Staff read results only in the Kingdom's time: the mail gives the moment as Riyadh's clock shows it. */
const RIYADH = 'Asia/Riyadh';

/**
 * An administrator opened one of the reader's result files. It says when and the reason the
 * administrator gave, and links to the list of every read; it names neither the test nor the result.
 */
export function resultOpenedByStaffMail(
  data: { name: string; openedAt: string; reason: string; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.openedAt, 0, RIYADH, locale);
  return {
    subject: subject(t, t('اطّلع أحد موظفي تحاليل على نتيجتك', 'Tahaleel staff opened one of your results')),
    preheader: t(`يوم ${when.date}، الساعة ${when.time}، مع السبب المذكور.`, `On ${when.date} at ${when.time}, with the reason given.`),
    heading: t('اطّلع أحد موظفي تحاليل على نتيجتك', 'A member of Tahaleel staff opened your result'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'فتح أحد موظفي تحاليل المخوَّلين ملفًّا من ملفات نتائجك، وقد سجّلنا ذلك مع السبب الذي ذكره.',
          'An authorised member of Tahaleel staff opened one of your result files. We recorded it with the reason they gave.',
        ),
      ],
    ],
    details: [
      { label: t('التاريخ', 'Date'), value: [when.date], note: when.hijriDate },
      { label: t('الوقت', 'Time'), value: [`${when.time} (${when.zone})`] },
      { label: t('السبب المذكور', 'Reason given'), value: [isolate(data.reason)] },
    ],
    action: { label: t('عرض سجل الاطلاع على نتائجك', 'See who viewed your results'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'لا يفتح موظفونا نتائج أي مريض إلا لسبب يذكرونه، كالرد على طلب دعم منك، ويُسجَّل كل اطلاع في حسابك.',
          'Our staff open a patient’s results only for a reason they must state, such as answering a support request from you, and every opening is listed in your account.',
        ),
      ],
      [t('إن لم تكن تتوقع ذلك، فراسلنا على ', 'If you did not expect this, write to us at '), emailAddress(SUPPORT_EMAIL)],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك كلما اطّلع أحد موظفي تحاليل على نتائجك.',
          'You received this e-mail because we tell you whenever Tahaleel staff open your results.',
        ),
      ],
    ],
  };
}

/**
 * The lab changed a report it had released: an amended version replaces it, the earlier one is kept.
 * A link to the report, which shows what changed; never a value.
 */
export function resultsAmendedMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('عدّل المختبر نتائج تحاليلك', 'The lab has amended your results')),
    preheader: t('سجّل دخولك لترى ما تغيّر.', 'Sign in to see what changed.'),
    heading: t('عُدِّلت نتائج تحاليلك', 'Your results were amended'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'أصدر المختبر نسخة معدَّلة من تقرير نتائجك. تبقى النسخة السابقة محفوظة، وتُبيِّن الصفحة القيم التي تغيّرت.',
          'The lab has issued an amended version of your results report. The earlier version is kept, and the page shows which values changed.',
        ),
      ],
      [
        t(
          'حفاظًا على خصوصيتك لا نرسل النتائج عبر البريد الإلكتروني، فسجّل دخولك لعرضها.',
          'To protect your privacy we never send results by e-mail: sign in to see them.',
        ),
      ],
    ],
    action: { label: t('عرض التقرير المعدَّل', 'View the amended report'), href: webAddress(data.link) },
    notes: [[t('ناقش نتائجك مع طبيبك؛ فهو الأقدر على تفسيرها.', 'Go over your results with your doctor, who can best explain them.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مختبرًا عدّل نتائج حجز في حسابك على تحاليل.',
          'You received this e-mail because a lab amended the results of a booking in your Tahaleel account.',
        ),
      ],
    ],
  };
}

/**
 * A lab's own system sent a value past its critical limit: the lab must call the patient before the
 * report is released. The booking's reference and a link; never the value.
 */
export function criticalValueReceivedMail(data: { name: string; reference: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('قيمة حرجة في نتيجة وصلت من نظامكم', 'A critical value arrived from your system')),
    preheader: t('اتصلوا بالمريض وسجّلوا الاتصال قبل إصدار التقرير.', 'Call the patient and record the call before releasing the report.'),
    heading: t('قيمة حرجة تنتظر اتصالكم بالمريض', 'A critical value is waiting for your call'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'أرسل نظام المختبر لديكم نتيجة فيها قيمة تجاوزت حدّها الحرج. لن يُصدَر التقرير للمريض حتى تتصلوا به وتسجّلوا الاتصال: من اتصل، ومن أُبلغ، ومتى، مع إعادة قراءة القيمة.',
          'Your laboratory system sent a result with a value past its critical limit. The report will not be released to the patient until you call them and record the call: who called, whom, when, and that the value was read back.',
        ),
      ],
    ],
    details: [{ label: t('رقم الحجز', 'Booking reference'), value: [leftToRight(data.reference)] }],
    action: { label: t('فتح الحجز وتسجيل الاتصال', 'Open the booking and record the call'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'لا نذكر القيمة في البريد الإلكتروني حفاظًا على خصوصية المريض.',
          'We never put the value in an e-mail, to protect the patient’s privacy.',
        ),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مفتاح ربط برمجي لمختبرك أرسل نتيجة فيها قيمة حرجة.',
          'You received this e-mail because an API key of your lab sent a result with a critical value.',
        ),
      ],
    ],
  };
}

/**
 * A Premium lab's own system sent a report: it waits as a draft until the lab's specialist reviews and
 * signs the interpretive comment drafted from the rules. The booking's reference and a link; never a value.
 */
export function interpretationToSignMail(data: { name: string; reference: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('تقرير من نظامكم ينتظر توقيع أخصائيكم', 'A report from your system is waiting for your specialist’s signature')),
    preheader: t(
      'راجِعوا التعليق التفسيري ووقّعوه قبل إصدار التقرير.',
      'Review and sign the interpretive comment before the report is released.',
    ),
    heading: t('تعليق تفسيري ينتظر التوقيع', 'An interpretive comment is waiting to be signed'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'أرسل نظام المختبر لديكم تقريرًا، وحُفظ مسودةً لأن كل تقرير يصدره مختبركم في الباقة المميزة يحمل تعليقًا تفسيريًّا يوقّعه أخصائيكم. لن يُصدَر التقرير للمريض حتى يراجع الأخصائي التعليق المقترح من القواعد ويعدّله إن لزم، ثم يوقّعه باسمه ورقم ترخيصه.',
          'Your laboratory system sent a report, kept as a draft because every report your lab releases on the Premium plan carries an interpretive comment signed by your specialist. It will not be released to the patient until the specialist reviews the comment drafted from the rules, edits it as needed, and signs it with their name and licence number.',
        ),
      ],
    ],
    details: [{ label: t('رقم الحجز', 'Booking reference'), value: [leftToRight(data.reference)] }],
    action: { label: t('فتح الحجز وتوقيع التعليق', 'Open the booking and sign the comment'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'لا نذكر القيم ولا التعليق في البريد الإلكتروني حفاظًا على خصوصية المريض.',
          'We never put the values or the comment in an e-mail, to protect the patient’s privacy.',
        ),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مفتاح ربط برمجي لمختبرك أرسل نتيجة، ومختبرك مشترك في الباقة المميزة.',
          'You received this e-mail because an API key of your lab sent a result, and your lab is on the Premium plan.',
        ),
      ],
    ],
  };
}

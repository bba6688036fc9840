import type { Locale } from '../../../../shared/locale.ts';
import { emailAddress, isolate, type MailContent, type Paragraph } from './content.ts';
import { inLanguage, type Pick, picker, SUPPORT_EMAIL, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

/** The link goes to the lab dashboard. */
export function labApprovedMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('تم اعتماد مختبرك', 'Your lab is approved')),
    preheader: t(
      'أصبح مختبرك ظاهرًا في نتائج البحث وجاهزًا لاستقبال الحجوزات.',
      'Your lab now shows in search results and can take bookings.',
    ),
    heading: t('تم اعتماد مختبرك', 'Your lab has been approved'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'يسعدنا إبلاغك باعتماد مختبرك على تحاليل. أصبح مختبرك يظهر في نتائج البحث، ويستطيع المرضى الحجز فورًا.',
          'Good news: your lab is approved on Tahaleel. It now appears in search results, and patients can book straight away.',
        ),
      ],
      [
        t(
          'تأكّد من اكتمال ملف مختبرك: العنوان، والموقع على الخريطة، ورقم الهاتف، وساعات العمل.',
          'Make sure your lab profile is complete: address, location on the map, phone number and working hours.',
        ),
      ],
    ],
    action: { label: t('الانتقال إلى لوحة التحكم', 'Go to your dashboard'), href: webAddress(data.link) },
    reason: [labOnTahaleel(t)],
  };
}

/** Not approved, or approval withdrawn: the lab is told to write to support. */
export function labRejectedMail(data: { name: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('مختبرك غير معتمد حاليًا', 'Your lab is not approved')),
    preheader: t(
      'لن يظهر مختبرك في البحث ولن يستقبل حجوزات جديدة في الوقت الحالي.',
      'Your lab will not show in search or take new bookings for now.',
    ),
    heading: t('مختبرك غير معتمد حاليًا', 'Your lab is not approved at the moment'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'بعد مراجعة حساب مختبرك، تعذّر علينا اعتماده على تحاليل في الوقت الحالي؛ فلن يظهر في نتائج البحث ولن يستقبل حجوزات جديدة.',
          'After reviewing your lab’s account, we cannot approve it on Tahaleel at the moment. It will not appear in search results or take new bookings.',
        ),
      ],
      [
        t(
          'لمعرفة السبب، أو لتزويدنا بمستندات إضافية كترخيص محدَّث، راسل فريق الدعم على ',
          'To find out why, or to send us further documents such as an updated licence, write to our support team at ',
        ),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [labOnTahaleel(t)],
  };
}

/** An administrator decided on a lab's request to add a test to the catalogue (a catalogue name, not a patient's test). */
export function testRequestDecidedMail(
  data: { name: string; testName: Bilingual; decision: 'approved' | 'rejected'; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const approved = data.decision === 'approved';
  const test = [t('«', '“'), isolate(inLanguage(data.testName, locale)), t('»', '”')];
  const decision: Paragraph = approved
    ? [
        t('اعتمدنا طلبك بإضافة تحليل ', 'We approved your request to add '),
        ...test,
        t(
          ' إلى دليل تحاليل، ويمكنك الآن إضافته إلى تحاليل مختبرك من لوحة التحكم.',
          ' to the Tahaleel catalogue. You can now offer it from your lab dashboard.',
        ),
      ]
    : [
        t('راجعنا طلبك بإضافة تحليل ', 'We reviewed your request to add '),
        ...test,
        t(
          '، وتعذّر علينا قبوله في الوقت الحالي. قد يكون التحليل موجودًا في الدليل باسم آخر، فابحث عنه قبل إرسال طلب جديد.',
          ' and could not accept it at this time. The test may already be in the catalogue under another name: search for it before sending a new request.',
        ),
      ];
  return {
    subject: subject(
      t,
      approved
        ? t('تم قبول طلب إضافة التحليل', 'Your test request was approved')
        : t('لم يُقبل طلب إضافة التحليل', 'Your test request was not approved'),
    ),
    preheader: approved
      ? t('أصبح التحليل الذي طلبته متاحًا في الدليل.', 'The test you asked for is now in the catalogue.')
      : t('راجعنا طلبك بإضافة تحليل إلى الدليل.', 'We reviewed your request to add a test to the catalogue.'),
    heading: approved ? t('تم قبول طلبك', 'Your request was approved') : t('لم يُقبل طلبك', 'Your request was not approved'),
    intro: [greeting(t, data.name), decision],
    action: { label: t('عرض طلبات التحاليل', 'View your test requests'), href: webAddress(data.link) },
    notes: approved
      ? undefined
      : [[t('لأي استفسار، راسل فريق الدعم على ', 'For any question, write to our support team at '), emailAddress(SUPPORT_EMAIL)]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مختبرك أرسل طلب إضافة تحليل على تحاليل.',
          'You received this e-mail because your lab asked to add a test on Tahaleel.',
        ),
      ],
    ],
  };
}

/** An administrator approved a lab's package (on sale from now) or turned it down, with the note written for the lab. */
export function packageDecidedMail(
  data: { name: string; packageName: Bilingual; decision: 'approved' | 'rejected'; note: string | null; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const approved = data.decision === 'approved';
  const name = [t('«', '“'), isolate(inLanguage(data.packageName, locale)), t('»', '”')];
  const decision: Paragraph = approved
    ? [
        t('اعتمدنا باقة ', 'We approved your package '),
        ...name,
        t('، وأصبحت معروضة للمرضى ويمكن حجزها الآن.', '. It is now on sale: patients can find it and book it.'),
      ]
    : [
        t('راجعنا باقة ', 'We reviewed your package '),
        ...name,
        t(
          ' ولم نعتمدها بعد. عدّلها من لوحة التحكم وأرسلها للمراجعة من جديد.',
          ' and could not approve it yet. Change it from your dashboard and send it for review again.',
        ),
      ];
  return {
    subject: subject(t, approved ? t('تم اعتماد باقتك', 'Your package is approved') : t('لم تُعتمد باقتك', 'Your package was not approved')),
    preheader: approved
      ? t('أصبحت باقتك معروضة للحجز.', 'Your package is now on sale.')
      : t('راجعنا باقتك، وإليك ما يلزم تعديله.', 'We reviewed your package: here is what to change.'),
    heading: approved ? t('تم اعتماد باقتك', 'Your package is approved') : t('لم تُعتمد باقتك', 'Your package was not approved'),
    intro: [greeting(t, data.name), decision],
    notes: data.note ? [[t('ملاحظة المراجعة: ', 'The reviewer’s note: '), isolate(data.note)]] : undefined,
    action: { label: t('عرض باقاتك', 'View your packages'), href: webAddress(data.link) },
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مختبرك أرسل باقة للمراجعة على تحاليل.',
          'You received this e-mail because your lab sent a package for review on Tahaleel.',
        ),
      ],
    ],
  };
}

function labOnTahaleel(t: Pick): Paragraph {
  return [t('وصلتك هذه الرسالة لأنك سجّلت مختبرًا على تحاليل.', 'You received this e-mail because you registered a lab on Tahaleel.')];
}

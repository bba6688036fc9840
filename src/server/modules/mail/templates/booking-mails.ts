import type { Locale } from '../../../../shared/locale.ts';
import { formatSar } from '../../../../shared/money.ts';
import type { WholeRefundReason } from '../../../../shared/payment-refunds.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { type DetailRow, isolate, leftToRight, link, type MailContent, type Paragraph } from './content.ts';
import { type AppointmentTime, appointmentTime, clean, formatCount, inLanguage, type Pick, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { BookingMailData } from './types.ts';

// A booking mail names the lab, the place and the time, never the test: health data stays in the app.

export function bookingConfirmedMail(data: BookingMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.minutes, data.timeZone, locale);
  const home = data.homeVisit !== undefined;
  return {
    subject: subject(
      t,
      home
        ? t(`تم تأكيد زيارتك المنزلية يوم ${when.shortDate}`, `Home visit confirmed for ${when.shortDate}`)
        : t(`تم تأكيد موعدك يوم ${when.shortDate}`, `Appointment confirmed for ${when.shortDate}`),
    ),
    preheader: preheader(t, data, when, locale),
    heading: home ? t('تم تأكيد زيارتك المنزلية', 'Your home visit is confirmed') : t('تم تأكيد موعدك', 'Your appointment is confirmed'),
    intro: [
      greeting(t, data.name),
      [
        home
          ? t(
              'حجزك مؤكَّد، وسيأتي مندوب المختبر لأخذ العينة في العنوان أدناه. هذه تفاصيل الزيارة:',
              'Your booking is confirmed: the lab will come to take the sample at the address below. Here are the details:',
            )
          : t('حجزك مؤكَّد، وهذه تفاصيل موعدك:', 'Your booking is confirmed. Here are the details:'),
      ],
    ],
    details: appointmentRows(t, data, when, locale, true),
    action: bookingsAction(t, data),
    notes: [
      ...seriesVisits(t, data, locale),
      [
        t(
          'أرفقنا بهذه الرسالة ملف تقويم لتضيف الموعد إلى تقويمك بضغطة واحدة.',
          'A calendar file is attached so you can add the appointment to your calendar in one tap.',
        ),
      ],
      ...beforeTheVisit(t, data),
      cannotMakeIt(t, data),
      ...guestLinkNote(t, data),
    ],
    reason: [bookedOnTahaleel(t)],
  };
}

/** The booking moved to another time: the new details, with the calendar file that replaces the old entry. */
export function bookingRescheduledMail(data: BookingMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.minutes, data.timeZone, locale);
  const home = data.homeVisit !== undefined;
  return {
    subject: subject(
      t,
      home
        ? t(`تم تغيير موعد زيارتك المنزلية إلى يوم ${when.shortDate}`, `Home visit moved to ${when.shortDate}`)
        : t(`تم تغيير موعدك إلى يوم ${when.shortDate}`, `Appointment moved to ${when.shortDate}`),
    ),
    preheader: preheader(t, data, when, locale),
    heading: home
      ? t('تم تغيير موعد زيارتك المنزلية', 'Your home visit has been moved')
      : t('تم تغيير موعدك', 'Your appointment has been moved'),
    intro: [greeting(t, data.name), [t('نُقل حجزك إلى موعد جديد، وهذه تفاصيله:', 'Your booking has been moved. Here are the new details:')]],
    details: appointmentRows(t, data, when, locale, true),
    action: bookingsAction(t, data),
    notes: [
      [
        t(
          'أرفقنا ملف تقويم محدَّثًا يحلّ محلّ الموعد السابق في تقويمك.',
          'An updated calendar file is attached; it replaces the earlier appointment in your calendar.',
        ),
      ],
      ...beforeTheVisit(t, data),
      cannotMakeIt(t, data),
      ...guestLinkNote(t, data),
    ],
    reason: [bookedOnTahaleel(t)],
  };
}

export function bookingCancelledMail(data: BookingMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.minutes, data.timeZone, locale);
  const home = data.homeVisit !== undefined;
  return {
    subject: subject(
      t,
      home
        ? t(`تم إلغاء زيارتك المنزلية يوم ${when.shortDate}`, `Home visit cancelled for ${when.shortDate}`)
        : t(`تم إلغاء موعدك يوم ${when.shortDate}`, `Appointment cancelled for ${when.shortDate}`),
    ),
    preheader: preheader(t, data, when, locale),
    heading: home
      ? t('تم إلغاء زيارتك المنزلية', 'Your home visit has been cancelled')
      : t('تم إلغاء موعدك', 'Your appointment has been cancelled'),
    intro: [greeting(t, data.name), [t('أُلغي الحجز التالي:', 'The following booking has been cancelled:')]],
    details: appointmentRows(t, data, when, locale, false),
    action: bookingsAction(t, data),
    notes: [
      [
        t(
          'إن كان الحجز مدفوعًا، فسيُعاد المبلغ المستحق إلى وسيلة الدفع الأصلية، خلال 14 يوم عمل في الغالب بحسب البنك.',
          'If you paid for this booking, any refund due goes back to your original payment method, usually within 14 working days depending on your bank.',
        ),
      ],
      [t('يسعدنا أن تحجز موعدًا جديدًا متى شئت.', 'You are welcome to book a new appointment whenever it suits you.')],
    ],
    reason: [bookedOnTahaleel(t)],
  };
}

/** Sent 24 hours before the appointment; readers can turn reminders off in their account settings. */
export function bookingReminderMail(data: BookingMailData, locale: Locale, publicUrl: string): MailContent {
  const t = picker(locale);
  const when = appointmentTime(data.startsAt, data.minutes, data.timeZone, locale);
  const lab = isolate(inLanguage(data.labName, locale));
  const home = data.homeVisit !== undefined;
  return {
    subject: subject(
      t,
      home
        ? t(`تذكير: زيارتك المنزلية يوم ${when.weekday}، ${when.window}`, `Reminder: your home visit on ${when.weekday}, ${when.window}`)
        : t(`تذكير: موعدك يوم ${when.weekday} الساعة ${when.time}`, `Reminder: your appointment on ${when.weekday} at ${when.time}`),
    ),
    preheader: preheader(t, data, when, locale),
    heading: home ? t('تذكير بزيارتك المنزلية', 'Your home visit is coming up') : t('تذكير بموعدك', 'Your appointment is coming up'),
    intro: [
      greeting(t, data.name),
      home
        ? [
            t('نذكّرك بزيارة مندوب ', 'A reminder that '),
            lab,
            t(' لأخذ العينة في العنوان أدناه:', ' is coming to take the sample at the address below:'),
          ]
        : [t('نذكّرك بموعدك القادم في ', 'A reminder of your upcoming appointment at '), lab, ':'],
    ],
    details: appointmentRows(t, data, when, locale, true),
    action: bookingsAction(t, data),
    notes: [...beforeTheVisit(t, data), cannotMakeIt(t, data), ...guestLinkNote(t, data)],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن لديك موعدًا محجوزًا عبر تحاليل، وتذكيرات المواعيد مفعّلة في حسابك.',
          'You received this e-mail because you have an appointment booked on Tahaleel and appointment reminders are on in your account.',
        ),
      ],
      [
        t('يمكنك إيقاف رسائل التذكير من ', 'You can turn reminders off in '),
        link(`${publicUrl}/dashboard`, t('إعدادات حسابك', 'your account settings')),
      ],
    ],
  };
}

/**
 * A checkout stopped midway (the server stopped while the customer paid) and was ended when it started
 * again: nothing was booked and no payment was taken; the cart is as the customer left it.
 */
export function checkoutInterruptedMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('لم يكتمل حجزك', 'Your booking was not completed')),
    preheader: t('لم يُخصم منك أي مبلغ، ويمكنك إتمام الحجز الآن.', 'You were not charged, and you can finish booking now.'),
    heading: t('لم يكتمل حجزك', 'Your booking was not completed'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'انقطعت عملية الدفع لديك بسبب عطل مؤقت في خدمتنا قبل تأكيد الحجز، فلم يُحجز أي موعد ولم يُخصم منك أي مبلغ.',
          'A brief fault on our side interrupted your payment before your booking was confirmed: no appointment was booked and you were not charged.',
        ),
      ],
      [
        t(
          'ما زالت التحاليل التي اخترتها في سلتك، ويمكنك إتمام الحجز الآن إن كانت المواعيد متاحة.',
          'The tests you chose are still in your cart; you can finish booking now while the times are free.',
        ),
      ],
    ],
    action: { label: t('إتمام الحجز', 'Finish booking'), href: webAddress(data.link) },
    notes: [[t('نعتذر عن هذا الإزعاج.', 'We are sorry for the trouble.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأنك بدأت حجزًا عبر تحاليل ولم يكتمل.',
          'You received this e-mail because you started a booking on Tahaleel that was not completed.',
        ),
      ],
    ],
  };
}

/**
 * A payment made at the gateway went straight back: its seats were taken while the customer paid
 * (`seat_lost`), the checkout had already been paid by another payment (`duplicate`), the wallet no
 * longer held its part of the checkout when the card's payment came (`wallet_changed`), or the customer
 * changed the checkout (a promo code, the wallet's part) after paying, and paid again (`amount_changed`).
 */
export function paymentRefundedMail(
  data: { name: string; amount: number; reason: Exclude<WholeRefundReason, 'stock_lost'>; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const amount = formatSar(data.amount, locale);
  const what =
    data.reason === 'amount_changed'
      ? t(
          'عُدِّل طلبك (رمز الخصم أو الجزء الذي تدفعه من محفظتك) بعد إتمام هذه الدفعة، فلم تعد تطابق المبلغ المطلوب، فأعدناها إليك كاملة. لا يُؤكَّد الحجز إلا بدفعة بالمبلغ الجديد: إن كنت قد دفعته فحجزك مؤكَّد وتجده في حجوزاتك.',
          'Your checkout was changed (a promo code, or the part your wallet pays) after this payment was made, so it no longer matched the amount to pay and we refunded it in full. Only a payment of the new amount books your tests: if you have paid it, your booking is confirmed and you will find it in your bookings.',
        )
      : data.reason === 'wallet_changed'
        ? t(
            'تغيّر رصيد محفظتك أثناء الدفع فلم يعد يكفي لجزئه من الحجز، فلم يُؤكَّد الحجز وأعدنا إليك ما دفعته بالبطاقة كاملًا. يمكنك الحجز من جديد.',
            'Your wallet balance changed while you paid and no longer covered its part of the booking, so the booking was not made and we refunded your card payment in full. You can book again.',
          )
        : data.reason === 'seat_lost'
          ? t(
              'اكتمل الدفع بعد انتهاء مدة حجز الموعد مؤقتًا، وكان الموعد قد حُجز لشخص آخر، فلم يُؤكَّد حجزك وأعدنا إليك المبلغ كاملًا.',
              'Your payment came through after the time we held for you had run out and the slot had gone to someone else, so the booking was not made and we refunded the full amount.',
            )
          : t(
              'دُفع هذا الحجز مرتين، فأبقينا على الدفعة الأولى وأعدنا إليك الثانية كاملة. حجزك مؤكَّد كما هو.',
              'This booking was paid twice: we kept the first payment and refunded the second in full. Your booking stands as confirmed.',
            );
  return {
    subject: subject(t, t('أعدنا إليك مبلغ الدفع', 'We have refunded your payment')),
    preheader: t(`أُعيد ${amount} إلى وسيلة الدفع الأصلية.`, `${amount} is on its way back to your original payment method.`),
    heading: t('أعدنا إليك مبلغ الدفع', 'Your payment has been refunded'),
    intro: [greeting(t, data.name), [what]],
    details: [{ label: t('المبلغ المُعاد', 'Amount refunded'), value: [amount] }],
    // `link`: the checkout to choose another time, or the bookings for a second payment or one for an amount changed since.
    action: {
      label:
        data.reason === 'duplicate' || data.reason === 'amount_changed'
          ? t('عرض حجوزاتي', 'View my bookings')
          : t('اختيار موعد آخر', 'Choose another time'),
      href: webAddress(data.link),
    },
    notes: [
      [
        t(
          'يصل المبلغ إلى وسيلة الدفع الأصلية خلال 14 يوم عمل في الغالب بحسب البنك.',
          'It reaches your original payment method, usually within 14 working days depending on your bank.',
        ),
      ],
    ],
    reason: [bookedOnTahaleel(t)],
  };
}

/** A link to the results, never the results: they are health data and stay behind the sign-in. */
export function resultsReadyMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('نتائج تحاليلك جاهزة', 'Your lab results are ready')),
    preheader: t('سجّل دخولك إلى تحاليل لعرض نتائجك.', 'Sign in to Tahaleel to see your results.'),
    heading: t('نتائج تحاليلك جاهزة', 'Your results are ready'),
    intro: [
      greeting(t, data.name),
      [t('رفع المختبر نتائجك إلى حسابك في تحاليل.', 'The lab has added your results to your Tahaleel account.')],
      [
        t(
          'حفاظًا على خصوصيتك لا نرسل النتائج عبر البريد الإلكتروني، فسجّل دخولك لعرضها وتنزيلها.',
          'To protect your privacy we never send results by e-mail: sign in to see and download them.',
        ),
      ],
    ],
    action: { label: t('عرض النتائج', 'View results'), href: webAddress(data.link) },
    notes: [[t('ناقش نتائجك مع طبيبك؛ فهو الأقدر على تفسيرها.', 'Go over your results with your doctor, who can best explain them.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مختبرًا أضاف نتائج إلى حجز في حسابك على تحاليل.',
          'You received this e-mail because a lab added results to a booking in your Tahaleel account.',
        ),
      ],
    ],
  };
}

/**
 * A visit of a series: every visit of it, each with its date and time and whether it is paid or to be paid by
 * a date (issue #77 item 7), so the terms of the whole series are in the mail that confirms it.
 */
function seriesVisits(t: Pick, data: BookingMailData, locale: Locale): Paragraph[] {
  const series = data.series;
  if (!series) return [];
  const count = (value: number) => formatCount(value, locale);
  return [
    [
      t(
        `هذه الزيارة ${count(series.visit)} من ${count(series.visits)} في سلسلة زياراتك:`,
        `This is visit ${series.visit} of ${series.visits} in your series:`,
      ),
    ],
    ...series.lines.map((line): Paragraph => {
      const when = appointmentTime(line.startsAt, data.minutes, data.timeZone, locale);
      const place = t(`الزيارة ${count(line.visit)} من ${count(series.visits)}`, `Visit ${line.visit} of ${series.visits}`);
      if (line.payBy === null) return [`${place}: ${when.date}${t('، ', ', ')}${when.time} — ${t('مدفوعة', 'paid')}`];
      const payBy = appointmentTime(line.payBy, 0, data.timeZone, locale);
      return [`${place}: ${when.date}${t('، ', ', ')}${when.time} — ${t('ادفع قبل', 'pay by')} ${payBy.date}${t('، ', ', ')}${payBy.time}`];
    }),
  ];
}

function preheader(t: Pick, data: BookingMailData, when: AppointmentTime, locale: Locale): string {
  const time = data.homeVisit ? `${t('، ', ', ')}${when.window}` : `${t('، الساعة ', ', ')}${when.time}`;
  return `${inLanguage(data.labName, locale)}${t('، ', ', ')}${when.date}${time}`;
}

/**
 * Where and when: at the lab, its address and the slot's start and length; at home, the home's address
 * and the window the collector comes in, never the lab's address as the place to go. The patient is
 * named when it is not the account holder the mail greets, and always for a home visit (whom the
 * collector asks for).
 */
function appointmentRows(t: Pick, data: BookingMailData, when: AppointmentTime, locale: Locale, full: boolean): DetailRow[] {
  const phone = data.labPhone === null ? '' : formatPhone(clean(data.labPhone));
  const home = data.homeVisit;
  const patient = data.patientName ?? (home ? data.name : undefined);
  const rows: (DetailRow | false)[] = [
    { label: t('رقم الحجز', 'Booking reference'), value: [leftToRight(data.bookingReference)] },
    patient !== undefined && { label: t('المستفيد', 'Patient'), value: [isolate(patient)] },
    { label: t('المختبر', 'Lab'), value: [isolate(inLanguage(data.labName, locale))] },
    home
      ? { label: t('عنوان الزيارة', 'Visit address'), value: [isolate(home.address)] }
      : full && { label: t('العنوان', 'Address'), value: [isolate(inLanguage(data.labAddress, locale))] },
    full && phone !== '' && { label: home ? t('هاتف المختبر', 'Lab phone') : t('الهاتف', 'Phone'), value: [leftToRight(phone)] },
    { label: t('التاريخ', 'Date'), value: [when.date], note: when.hijriDate },
    home
      ? { label: t('فترة الزيارة', 'Visit window'), value: [`${when.window} (${when.zone})`] }
      : { label: t('الوقت', 'Time'), value: [`${when.time} (${when.zone})`] },
    full && !home && { label: t('المدة', 'Duration'), value: [when.duration] },
  ];
  return rows.filter((row): row is DetailRow => row !== false);
}

/**
 * What to do before the appointment: at the lab, come a little early; at home, the collector comes at
 * some time within the window, and what makes the visit go well (general, never about the test).
 */
function beforeTheVisit(t: Pick, data: BookingMailData): Paragraph[] {
  const fasting: Paragraph[] = data.fastingHours ? [[fastingNote(t, data.fastingHours)]] : [];
  if (!data.homeVisit) {
    return [
      ...fasting,
      [
        t(
          'احرص على الحضور قبل موعدك ببضع دقائق، ومعك هوية المستفيد.',
          'Please arrive a few minutes before your appointment, with the patient’s ID.',
        ),
      ],
    ];
  }
  return [
    ...fasting,
    [
      t(
        'يصل مندوب المختبر في أي وقت خلال فترة الزيارة، وقد يتصل بك قبل وصوله.',
        'The lab’s collector arrives at some time within the visit window, and may call you on the way.',
      ),
    ],
    [homeVisitPreparation(t)],
  ];
}

/** How long to fast before the visit, in both languages: water only (never which test needs it). */
function fastingNote(t: Pick, hours: number): string {
  const arabicHours = hours === 1 ? 'ساعة واحدة' : hours === 2 ? 'ساعتين' : hours <= 10 ? `${hours} ساعات` : `${hours} ساعة`;
  return t(
    `صُم ${arabicHours} قبل الموعد: لا طعام ولا شراب غير الماء.`,
    `Fast for ${hours} ${hours === 1 ? 'hour' : 'hours'} before the appointment: nothing to eat or drink but water.`,
  );
}

/** How to get ready for a home collection, for the mails and the calendar file: general, never about the test. */
export function homeVisitPreparation(t: Pick): string {
  return t(
    'قبل الزيارة: ليكن في المنزل شخص بالغ، وهوية المستفيد في متناول اليد، ومكان مريح يجلس فيه، واتّبع تعليمات التحضير (كالصيام) الظاهرة في صفحة التحليل على تحاليل.',
    'Before the visit: have an adult at home, the patient’s ID to hand and a comfortable place to sit, and follow the preparation shown on the test’s page on Tahaleel (such as fasting).',
  );
}

function cannotMakeIt(t: Pick, data: BookingMailData): Paragraph {
  if (data.homeVisit)
    return [
      t(
        'إن لم يعد موعد الزيارة مناسبًا، فنرجو إلغاء الحجز مبكرًا من صفحة حجوزاتك ليُتاح لغيرك.',
        'If the visit no longer suits you, please cancel early from your bookings page so someone else can take the window.',
      ),
    ];
  return [
    t(
      'إن تعذّر عليك الحضور، فنرجو إلغاء الحجز مبكرًا من صفحة حجوزاتك ليُتاح الموعد لغيرك.',
      'If you cannot make it, please cancel early from your bookings page so someone else can take the slot.',
    ),
  ];
}

/** The button: an account's bookings page, or a guest's link that opens its bookings without an account (ADR 0066). */
function bookingsAction(t: Pick, data: BookingMailData) {
  return data.guest
    ? { label: t('إدارة حجزي', 'Manage my booking'), href: webAddress(data.link) }
    : { label: t('عرض حجوزاتي', 'View my bookings'), href: webAddress(data.link) };
}

/** A guest is told what its link does, until when, and that it is theirs alone. */
function guestLinkNote(t: Pick, data: BookingMailData): Paragraph[] {
  if (!data.guest) return [];
  return [
    [
      t(
        'حجزت كزائر، فزر «إدارة حجزي» يتيح لك عرض الحجز أو تغيير موعده أو إلغاءه دون حساب حتى انتهاء الموعد. لا تُعِد توجيه هذه الرسالة: من يفتح الرابط يدير حجزك.',
        'You booked as a guest: "Manage my booking" lets you view, move or cancel the booking without an account until the appointment is over. Do not forward this e-mail: whoever opens the link can manage your booking.',
      ),
    ],
    [
      t(
        'ولتصل إلى حجوزاتك ونتائجك من أي جهاز بعد الموعد، افتح الرابط وأنشئ حسابًا من «الإعدادات» ببريدك الإلكتروني وكلمة مرور.',
        'To reach your bookings and results from any device after the appointment, open the link and create an account in Settings with your e-mail and a password.',
      ),
    ],
  ];
}

function bookedOnTahaleel(t: Pick): Paragraph {
  return [t('وصلتك هذه الرسالة لأنك حجزت موعدًا عبر تحاليل.', 'You received this e-mail because you booked an appointment on Tahaleel.')];
}

import type { Locale } from '../../../../shared/locale.ts';
import { formatSar } from '../../../../shared/money.ts';
import { type PlanId, planTitles } from '../../../../shared/plans.ts';
import { emailAddress, leftToRight, type MailContent } from './content.ts';
import { type Pick, picker, SUPPORT_EMAIL, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** A paid plan in the reader's language, as the plans page writes it: "باقة المؤسسات", "the Enterprise plan". */
const planName = (t: Pick, plan: string) => {
  const title = planTitles[plan as PlanId];
  return title ? t(title.ar, `the ${title.en}`) : plan;
};

const dayOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(
    new Date(iso),
  );

const planReason = (t: Pick) => [
  t(
    'وصلتك هذه الرسالة لأن لحسابك في تحاليل اشتراكًا مدفوعًا يتجدد شهريًا.',
    'You received this e-mail because your Tahaleel account has a paid plan that renews every month.',
  ),
];

/**
 * A renewal was declined: the plan stays until `graceUntil`, the charge is tried again meanwhile, and
 * the reader can pay with another card from the link. `amount` in SAR.
 */
export function planRenewalFailedMail(
  data: { name: string; plan: string; amount: number; graceUntil: string; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const until = dayOf(data.graceUntil, locale);
  return {
    subject: subject(t, t('تعذّر تجديد اشتراكك', 'Your plan could not be renewed')),
    preheader: t(
      `يبقى اشتراكك فعّالًا حتى ${until} ريثما يتم الدفع.`,
      `Your plan stays active until ${until} while the payment is sorted out.`,
    ),
    heading: t('تعذّر تجديد اشتراكك', 'Your plan could not be renewed'),
    intro: [
      greeting(t, data.name),
      [
        t(
          `رفض البنك خصم ${formatSar(data.amount, locale)} لتجديد اشتراكك في ${plan}. سنعيد المحاولة تلقائيًا، ويبقى اشتراكك فعّالًا حتى ${until}.`,
          `Your bank declined the ${formatSar(data.amount, 'en')} charge renewing ${plan}. We will try again automatically, and your plan stays active until ${until}.`,
        ),
      ],
      [
        t(
          'إن لم يتم الدفع حتى ذلك التاريخ فسينتقل حسابك إلى الباقة المجانية. ويمكنك الدفع الآن ببطاقة أخرى من صفحة باقتك.',
          'If it has not been paid by then, your account moves to the free plan. You can pay now with another card from your plan page.',
        ),
      ],
    ],
    action: { label: t('إدارة اشتراكك', 'Manage your plan'), href: webAddress(data.link) },
    reason: [planReason(t)],
  };
}

/** The day before the grace period ends, the renewal still unpaid: tomorrow the free plan. */
export function planEndingUnpaidMail(data: { name: string; plan: string; graceUntil: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const until = dayOf(data.graceUntil, locale);
  return {
    subject: subject(t, t('ينتهي اشتراكك قريبًا', 'Your plan ends soon')),
    preheader: t(`ما زال تجديد اشتراكك غير مدفوع، وينتهي في ${until}.`, `Your renewal is still unpaid; your plan ends on ${until}.`),
    heading: t('ينتهي اشتراكك قريبًا', 'Your plan ends soon'),
    intro: [
      greeting(t, data.name),
      [
        t(
          `لم نتمكن حتى الآن من تحصيل تجديد اشتراكك في ${plan}. في ${until} ينتقل حسابك إلى الباقة المجانية ما لم يتم الدفع.`,
          `We have still not been able to collect the renewal of ${plan}. On ${until} your account moves to the free plan unless it is paid.`,
        ),
      ],
    ],
    action: { label: t('الدفع ببطاقة أخرى', 'Pay with another card'), href: webAddress(data.link) },
    reason: [planReason(t)],
  };
}

/** A card network as its owner reads it on the card. */
const brandNames: Record<string, string> = { mada: 'mada', visa: 'Visa', master: 'Mastercard', amex: 'American Express' };

/**
 * The card a plan renews with was changed: which card now (network and last four), and what to do if
 * the reader did not change it. Sent for every change, as every change to how an account pays is told.
 */
export function planCardChangedMail(
  data: { name: string; plan: string; brand: string | null; lastFour: string; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const brand = data.brand ? (brandNames[data.brand] ?? data.brand) : t('البطاقة', 'card');
  return {
    subject: subject(t, t('تغيّرت بطاقة الدفع لاشتراكك', 'The card for your plan was changed')),
    preheader: t('سيُخصم التجديد القادم من البطاقة الجديدة.', 'The next renewal is charged to the new card.'),
    heading: t('تغيّرت بطاقة الدفع لاشتراكك', 'The card for your plan was changed'),
    intro: [
      greeting(t, data.name),
      [
        t(`يُجدَّد اشتراكك في ${plan} من الآن بالبطاقة `, `From now on, ${plan} renews with the `),
        leftToRight(`${brand} •••• ${data.lastFour}`),
        t('، وقد حذفنا البطاقة السابقة لدى مزوّد الدفع.', ' card; the previous card was removed at our payment provider.'),
      ],
    ],
    action: { label: t('إدارة اشتراكك', 'Manage your plan'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'إن لم تكن أنت من غيّر البطاقة، فغيّر كلمة مرورك وراسلنا فورًا على ',
          'If you did not change the card, change your password and write to us at once at ',
        ),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [planReason(t)],
  };
}

/**
 * A plan payment that bought nothing went back to the card: a second payment for a plan already paid
 * (`duplicate`), or a renewal charged after the plan was bought again with another card or had ended
 * (`renewal_replaced`). `amount` in SAR.
 */
export function planPaymentRefundedMail(
  data: { name: string; plan: string; amount: number; reason: 'duplicate' | 'renewal_replaced'; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const amount = formatSar(data.amount, locale);
  const what =
    data.reason === 'duplicate'
      ? t(
          `دُفع اشتراكك في ${plan} مرتين، فأبقينا على الدفعة الأولى وأعدنا إليك الثانية كاملة. اشتراكك فعّال كما هو.`,
          `${plan} was paid twice: we kept the first payment and refunded the second in full. Your plan stays active as it is.`,
        )
      : t(
          `خُصم تجديد ${plan} بعد أن كنت قد دفعت اشتراكك ببطاقة أخرى أو بعد انتهائه، فلم يعد له داعٍ وأعدنا إليك المبلغ كاملًا.`,
          `The renewal of ${plan} was charged after you had already paid for your plan with another card, or after it had ended, so it was not needed and we refunded it in full.`,
        );
  return {
    subject: subject(t, t('أعدنا إليك مبلغ الدفع', 'We have refunded your payment')),
    preheader: t(`أُعيد ${amount} إلى بطاقتك.`, `${amount} is on its way back to your card.`),
    heading: t('أعدنا إليك مبلغ الدفع', 'Your payment has been refunded'),
    intro: [greeting(t, data.name), [what]],
    details: [{ label: t('المبلغ المُعاد', 'Amount refunded'), value: [amount] }],
    action: { label: t('إدارة اشتراكك', 'Manage your plan'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'يصل المبلغ إلى بطاقتك خلال 14 يوم عمل في الغالب بحسب البنك.',
          'It reaches your card, usually within 14 working days depending on your bank.',
        ),
      ],
    ],
    reason: [planReason(t)],
  };
}

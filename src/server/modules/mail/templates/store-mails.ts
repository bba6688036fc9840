import type { Locale } from '../../../../shared/locale.ts';
import { formatSar } from '../../../../shared/money.ts';
import type { WholeRefundReason } from '../../../../shared/payment-refunds.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { formatShippingAddress, type ShippingAddress } from '../../../../shared/store.ts';
import { isolate, leftToRight, type MailContent } from './content.ts';
import { clean, formatCount, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

type Delivery = ShippingAddress & { fullName: string; phone: string; shortAddress?: string | null | undefined };

/** The order's total, size and delivery address, never its items: a home test kit says something about the buyer's health. */
export function storeOrderConfirmedMail(
  data: {
    name: string | null;
    orderReference: string;
    total: number;
    itemCount: number;
    /** Absent from mails written before orders had addresses. */
    shipping?: Delivery;
    link: string;
  },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const reference = clean(data.orderReference);
  const ship = data.shipping;
  return {
    subject: subject(t, t(`تم تأكيد طلبك ${reference}`, `Order ${reference} confirmed`)),
    preheader: t('شكرًا لتسوّقك من متجر تحاليل.', 'Thank you for shopping at the Tahaleel store.'),
    heading: t('شكرًا لطلبك', 'Thank you for your order'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'استلمنا طلبك من متجر تحاليل وأكّدناه، وهذا ملخّصه:',
          'We have received and confirmed your order from the Tahaleel store. Here is a summary:',
        ),
      ],
    ],
    details: [
      { label: t('رقم الطلب', 'Order reference'), value: [leftToRight(reference)] },
      { label: t('عدد المنتجات', 'Items'), value: [formatCount(data.itemCount, locale)] },
      { label: t('الإجمالي', 'Total'), value: [formatSar(data.total, locale)] },
      ...(ship
        ? [
            {
              label: t('عنوان التوصيل', 'Delivery address'),
              value: [
                isolate(ship.fullName),
                ' · ',
                leftToRight(formatPhone(ship.phone)),
                ' · ',
                isolate(formatShippingAddress(ship, locale)),
              ],
              ...(ship.shortAddress ? { note: t(`العنوان المختصر: ${ship.shortAddress}`, `Short address: ${ship.shortAddress}`) } : {}),
            },
          ]
        : []),
    ],
    action: { label: t('عرض الطلب', 'View your order'), href: webAddress(data.link) },
    notes: [[t('احتفظ برقم الطلب للرجوع إليه عند التواصل معنا.', 'Keep your order reference handy in case you contact us.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن طلبًا أُتمّ في متجر تحاليل بهذا البريد الإلكتروني.',
          'You received this e-mail because an order was placed in the Tahaleel store with this address.',
        ),
      ],
    ],
  };
}

/**
 * A store payment given straight back: it came after the reservation ran out and the stock was sold
 * (`stock_lost`), it paid an order already paid (`duplicate`), the wallet no longer held the part of
 * the order it was to pay (`wallet_changed`, ADR 0093: the order stays to be paid again), or the buyer
 * changed the wallet's part after paying, and paid again (`amount_changed`, ADR 0095). `amount` in SAR.
 */
export function storePaymentRefundedMail(
  data: {
    name: string | null;
    orderReference: string;
    amount: number;
    reason: Exclude<WholeRefundReason, 'seat_lost'>;
    link: string;
  },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const reference = clean(data.orderReference);
  const amount = formatSar(data.amount, locale);
  const what =
    data.reason === 'amount_changed'
      ? t(
          'عُدِّل الجزء الذي تدفعه من محفظتك بعد إتمام هذه الدفعة بالبطاقة، فلم تعد تطابق المبلغ المطلوب بالبطاقة، فأعدناها إليك كاملة. إن كنت قد دفعت المبلغ الجديد فطلبك مؤكَّد، وإلا فيمكنك دفعه ما دامت المنتجات محجوزة لك.',
          'The part of your order paid from your wallet was changed after this card payment was made, so it no longer matched the amount to pay by card and we refunded it in full. If you have paid the new amount, your order is placed; if not, you can pay it while your items are still reserved.',
        )
      : data.reason === 'wallet_changed'
        ? t(
            'تغيّر رصيد محفظتك قبل تأكيد الدفع (استُخدم في طلب آخر أو انتهت صلاحيته)، فلم يعد يغطي الجزء الذي اخترت دفعه منه. لذلك لم يُنفَّذ طلبك، ولم يُخصم شيء من محفظتك، وأعدنا إليك مبلغ البطاقة كاملًا. يمكنك الدفع مجددًا ما دامت المنتجات محجوزة لك.',
            'Your wallet balance changed before the payment was confirmed (it was used for another order or expired), so it no longer covered the part you chose to pay from it. Your order was not placed, nothing was taken from your wallet, and we refunded the full card payment. You can pay again while your items are still reserved.',
          )
        : data.reason === 'stock_lost'
          ? t(
              'اكتمل الدفع بعد انتهاء مدة حجز المنتجات لك، وكانت قد بيعت خلالها، فلم يُنفَّذ طلبك وأعدنا إليك المبلغ كاملًا.',
              'Your payment came through after the time we held your items had run out and they had been sold, so your order was not placed and we refunded the full amount.',
            )
          : t(
              'دُفع هذا الطلب مرتين، فأبقينا على الدفعة الأولى وأعدنا إليك الثانية كاملة. طلبك مؤكَّد كما هو.',
              'This order was paid twice: we kept the first payment and refunded the second in full. Your order stands as confirmed.',
            );
  return {
    subject: subject(t, t('أعدنا إليك مبلغ الدفع', 'We have refunded your payment')),
    preheader: t(`أُعيد ${amount} إلى وسيلة الدفع الأصلية.`, `${amount} is on its way back to your original payment method.`),
    heading: t('أعدنا إليك مبلغ الدفع', 'Your payment has been refunded'),
    intro: [greeting(t, data.name), [what]],
    details: [
      { label: t('رقم الطلب', 'Order reference'), value: [leftToRight(reference)] },
      { label: t('المبلغ المُعاد', 'Amount refunded'), value: [amount] },
    ],
    action: {
      label: data.reason === 'stock_lost' ? t('العودة إلى المتجر', 'Back to the store') : t('عرض الطلب', 'View your order'),
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
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن طلبًا دُفع في متجر تحاليل بهذا البريد الإلكتروني.',
          'You received this e-mail because an order was paid in the Tahaleel store with this address.',
        ),
      ],
    ],
  };
}

import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt, type RateLimitPolicy } from '../../platform/rate-limit.ts';
import { invoicesForExport } from '../billing/billing.service.ts';
import { exportSeries } from '../booking/series-payments.service.ts';
import { exportMembers } from '../family/family.service.ts';
import { exportIdentity } from '../identity/identity.service.ts';
import { exportInsurance } from '../insurance/insurance.service.ts';
import { list as passkeysOf } from '../passkeys/passkeys.service.ts';
import { openCustomerResults, type ResultVault, resultAccessLog } from '../result-files/result-files.service.ts';
import { customerFhirBundle } from '../result-reports/result-reports.service.ts';
import { exportReminders } from '../retest-reminders/retest-reminders.service.ts';
import { exportReviews } from '../reviews/reviews.service.ts';
import { exportWaitlist } from '../waitlist/waitlist.service.ts';
import { exportReferrals } from '../wallet/referrals.service.ts';
import { exportWallet } from '../wallet/wallet.service.ts';
import * as repo from './data-export.repository.ts';

/** An export opens every result file: a few a day is plenty for a person, and bounds the work. */
const exportsPerUser: RateLimitPolicy = { limit: 5, windowSeconds: 24 * 60 * 60 };

const readme: Record<Locale, string> = {
  ar: `بياناتك في تحاليل
==================

هذا الملف نسخة من بياناتك الشخصية المحفوظة لدينا، صدّرناها بناءً على طلبك وفق نظام حماية البيانات الشخصية.

- profile.json: ملفك الشخصي (الاسم والبريد الإلكتروني والجوال واللغة وتفضيلات البريد، وجنسك وتاريخ ميلادك ورقم هويتك أو إقامتك إن أدخلتها، والاسم الذي أعاده نفاذ وتاريخ التحقق إن تحققت منه) وسجل موافقتك على الشروط وسياسة الخصوصية، ومفاتيح المرور المسجّلة في حسابك (اسم كل مفتاح وتاريخ إضافته وآخر استخدام له).
- bookings.json: حجوزات التحاليل: التحليل والمختبر والموعد والحالة والمبلغ بالريال السعودي.
- payments.json: مدفوعات حجوزات التحاليل، ومنها ضريبة القيمة المضافة.
- store-orders.json: طلبات المتجر وما فيها، واسم المستلم وبريده وجواله وعنوان التوصيل ورقم الشحنة.
- invoices.json: فواتيرك الضريبية المبسطة وإشعارات الدائن، ببنودها ومبالغها وضريبتها ورمز الاستجابة السريعة.
- family-members.json: أفراد عائلتك الذين تحجز لهم (الاسم وصلة القرابة والجنس وتاريخ الميلاد ورقم الهوية أو الإقامة إن أدخلته، والتحقق منه عبر نفاذ إن تم).
- insurance.json: بطاقات التأمين الصحي التي أدخلتها لك ولأفراد عائلتك: شركة التأمين ورقم العضوية وفئة الوثيقة والشبكة وتاريخ انتهائها، وهل أرفقت صورة البطاقة.
- nafath-requests.json: طلبات التحقق التي أرسلناها إلى نفاذ: لمن، وبأي رقم، وما آلت إليه، والاسم الذي أعاده نفاذ، وتواريخها.
- reviews.json: تقييماتك للمختبرات: الحجز والمختبر وعدد النجوم ونص التقييم ورد المختبر عليه، وإن كان قد أُخفي.
- retest-reminders.json: تذكيرات إعادة التحاليل التي طلبتها: لمن التحليل، وأي تحليل، والتقرير الذي اقتُرحت بناءً عليه، وموعده، وهل أُرسلت رسالة التذكير، وهل ألغيته.
- booking-series.json: التحاليل التي حجزتها لتتكرر: التحليل والمختبر وكل كم شهرًا وعدد الزيارات وطريقة الدفع، والزيارات المحجوزة التي لم تُدفع بعد وآخر موعد لدفعها.
- waitlist.json: قوائم الانتظار التي سجّلت فيها: التحليل والمختبر واليوم والساعات، والموعد الذي عُرض عليك إن وُجد، وما آل إليه.
- wallet.json: حركات محفظتك: كل رصيد أُضيف أو استُخدم أو انتهت صلاحيته أو أُعيد إليك، بمبلغه بالريال السعودي وسببه وتاريخه وتاريخ انتهاء صلاحيته.
- referrals.json: رمز دعوتك، والدعوات التي كنت طرفًا فيها (داعيًا أو مدعوًّا) وما آلت إليه، دون اسم الطرف الآخر.
- result-access-log.json: من اطّلع على نتائجك ومتى.
- results/: ملفات نتائجك كما رفعها المختبر، في مجلد لكل حجز.
- results.fhir.json: قيم نتائجك (لك ولأفراد عائلتك) مع المدى المرجعي لكل قيمة وتصنيفها، بصيغة FHIR R4 التي تقرؤها أنظمة السجلات الصحية.

التواريخ بالتوقيت العالمي المنسّق (UTC). احفظ هذا الملف في مكان آمن، فهو يحتوي على بيانات صحية.
`,
  en: `Your Tahaleel data
==================

This archive is a copy of the personal data we hold about you, exported at your request under the
Personal Data Protection Law.

- profile.json: your profile (name, e-mail, mobile, language, mail choices, and your sex, date of
  birth and national ID or Iqama number if you gave them, with the name Nafath returned and when, if
  you verified it), which versions of the terms and privacy policy you accepted, and when, and
  your passkeys (each one's name, when it was added and when it was last used).
- bookings.json: your lab-test bookings: test, lab, time, status and amount in SAR.
- payments.json: the payments for your lab-test bookings, with their VAT.
- store-orders.json: your store orders, what was in them, whom they went to (name, e-mail, mobile),
  the delivery address and the shipment's tracking number.
- invoices.json: your simplified tax invoices and credit notes, with their lines, amounts, VAT and QR code.
- family-members.json: the family members you book for (name, relation, sex, date of birth, and the
  national ID or Iqama number if you gave one, with its verification by Nafath if any).
- insurance.json: the health insurance cards you gave for yourself and your family: insurer, member
  id, policy class, network, end date, and whether a photo of the card was added.
- nafath-requests.json: the verification requests we sent to Nafath: for whom, which number, how each
  ended, the name Nafath returned, and when.
- reviews.json: your reviews of labs: booking, lab, stars, text, the lab's reply, and whether it was hidden.
- retest-reminders.json: the retest reminders you asked for: whom and which test each is for, the
  report it was suggested from, the day it is due, whether its mail was sent, and whether you cancelled it.
- booking-series.json: the tests you booked to repeat: test, lab, how many months apart and how many
  visits, how you pay for them, and the visits reserved but not paid yet with the deadline to pay each.
- waitlist.json: the waitlists you joined: test, lab, day and hours, the time offered to you if any,
  and what became of it.
- wallet.json: your wallet's movements: each credit added, spent, expired or given back, with its
  amount in SAR, why, when, and when it expires.
- referrals.json: your invitation code, and the invitations you were part of (as the one who invited
  or the one invited) and how each ended, without the other person's name.
- result-access-log.json: who opened your results, and when.
- results/: your result files as the lab uploaded them, a folder per booking.
- results.fhir.json: the values of your results (yours and your family's), each with its reference
  range and flag, as a FHIR R4 Bundle that health record systems read.

Times are in UTC. Keep this archive somewhere safe: it holds health data.
`,
};

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything the platform holds about the user, as a zip (PDPL's right of access and portability):
 * JSON files, the result files opened and checked, and a README in the user's language. At most
 * five a day per user; each result file read for it is recorded as a read.
 */
export async function exportAccountData(db: Kysely<Database>, vault: ResultVault, user: { id: string; locale: Locale }, clientIp: string) {
  await consumeAttempt(db, `export:user:${user.id}`, exportsPerUser);
  const profile = await repo.profileOf(db, user.id);
  if (!profile) throw new AppError('NOT_FOUND', { entity: 'user' });
  const [
    consents,
    passkeys,
    bookings,
    payments,
    storeOrders,
    invoices,
    reads,
    results,
    values,
    familyMembers,
    reviews,
    retestReminders,
    waitlist,
    series,
    wallet,
    referrals,
    insurance,
    identity,
  ] = await Promise.all([
    repo.consentsOf(db, user.id),
    passkeysOf(db, user.id),
    repo.bookingsOf(db, user.id),
    repo.paymentsOf(db, user.id),
    repo.storeOrdersOf(db, user.id),
    invoicesForExport(db, user.id),
    resultAccessLog(db, user.id),
    openCustomerResults(db, vault, user.id, clientIp),
    customerFhirBundle(db, vault, user.id, user.locale),
    exportMembers(db, user.id),
    exportReviews(db, user.id),
    exportReminders(db, user.id),
    exportWaitlist(db, user.id),
    exportSeries(db, user.id),
    exportWallet(db, user.id),
    exportReferrals(db, user.id),
    exportInsurance(db, user.id),
    exportIdentity(db, user.id),
  ]);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(readme[user.locale]),
    'profile.json': json({
      ...profile,
      national_id: identity.holder.national_id,
      national_id_verified: identity.holder.verified,
      consents,
      passkeys,
    }),
    'nafath-requests.json': json(identity.nafath_requests),
    'bookings.json': json(
      bookings.map(({ total_price_halalas, ...booking }) => ({ ...booking, total_price_sar: halalasToSar(total_price_halalas) })),
    ),
    'payments.json': json(
      payments.map(({ total_halalas, vat_halalas, promo_discount_halalas, ...payment }) => ({
        ...payment,
        total_sar: halalasToSar(total_halalas),
        vat_sar: halalasToSar(vat_halalas),
        // The promo code a checkout used, and what it took off (ADR 0092).
        promo_discount_sar: halalasToSar(promo_discount_halalas),
      })),
    ),
    'store-orders.json': json(storeOrders),
    'invoices.json': json(invoices),
    'family-members.json': json(familyMembers),
    'insurance.json': json(insurance.map(({ card_content_type, ...card }) => ({ ...card, card_photo_added: card_content_type !== null }))),
    'reviews.json': json(reviews),
    'retest-reminders.json': json(retestReminders),
    'waitlist.json': json(waitlist),
    'booking-series.json': json(series),
    'wallet.json': json(wallet),
    'referrals.json': json(referrals),
    'result-access-log.json': json(reads),
    // The values of their results, as a FHIR R4 Bundle any health record can read (ADR 0060).
    'results.fhir.json': json(values),
  };
  for (const result of results) files[`results/${result.bookingId}/${result.id.slice(0, 8)}-${result.fileName}`] = result.bytes;
  return zipSync(files, { level: 6 });
}

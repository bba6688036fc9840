import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { vatIncluded } from '../src/shared/money.ts';
import { currentPlan } from '../src/shared/plans.ts';
import type { SeedLab } from './data/types.ts';
import { deterministicUuid, stableFraction } from './deterministic.ts';

type Tx = Transaction<Database>;
type Count = (table: string, rows: number) => void;
type InsertUser = (
  tx: Tx,
  count: Count,
  user: { email: string; name: string; userType: 'customer'; approved: boolean; passwordHash: undefined },
) => Promise<string>;

/** People who booked at the demo labs and rated them; they have no password, so nobody signs in as them. */
const reviewers = [
  'نورة القحطاني',
  'عبدالله الشهري',
  'سارة العتيبي',
  'محمد الغامدي',
  'ريم الدوسري',
  'فهد الحربي',
  'Aisha Rahman',
  'خالد الزهراني',
  'هند المطيري',
  'Omar Siddiqui',
  'لمى السبيعي',
  'ياسر العمري',
];

/** What they wrote, by stars: some in Arabic, some in English, some nothing at all. */
const texts: Record<number, string[]> = {
  5: [
    'خدمة ممتازة وسريعة، والنتائج وصلت قبل الموعد المتوقع.',
    'الموظفون محترفون وسحب العينة كان بدون ألم. أنصح به.',
    'Very clean lab, no waiting, and the results were on the app the same evening.',
    'تعامل راقٍ ومواعيد دقيقة.',
    '',
  ],
  4: [
    'تجربة جيدة بشكل عام، انتظرت قليلاً عند الاستقبال.',
    'Good service and clear results. Parking was hard to find.',
    'النتائج دقيقة والسعر مناسب.',
    '',
  ],
  3: ['الخدمة مقبولة لكن الانتظار كان أطول من الموعد المحجوز.', 'Average experience; the results took two days.'],
  2: ['تأخرت النتائج عن الموعد ولم يرد أحد على اتصالي.'],
  1: ['لم يلتزموا بالموعد المحجوز.'],
};

const replies = [
  'شكراً لثقتكم، سعدنا بخدمتكم ونتمنى لكم دوام الصحة.',
  'نعتذر عن الانتظار، وقد أضفنا موظفاً في الاستقبال في أوقات الذروة.',
  'Thank you for your feedback. We hope to see you again.',
];

/**
 * The stars of one lab's seeded reviews: `n` whole ratings whose mean rounds to the lab's `rating`
 * (its figure in seeds/data/labs.ts), with a little spread so the list reads like people wrote it.
 */
function starsFor(lab: SeedLab, n: number): number[] {
  const total = Math.round(lab.rating * n);
  const low = Math.floor(total / n);
  const stars = Array.from({ length: n }, (_, index) => (index < total - low * n ? low + 1 : low));
  // One pair drawn apart (4 + 4 → 3 + 5) keeps the sum, and so the mean.
  const a = stars.indexOf(low);
  const b = stars.lastIndexOf(low);
  if (low >= 2 && low <= 4 && a !== b) {
    stars[a] = low - 1;
    stars[b] = low + 1;
  }
  return stars.sort((x, y) => stableFraction(`${lab.key}:${x}:${y}`) - 0.5);
}

const DAY = 86_400_000;

/**
 * Completed bookings at every approved seeded lab, each rated by its customer, and the labs' rating
 * and count counted from them (docs/decisions/0031): no lab's figure is a number nobody gave. Dates
 * are relative to an anchor day, so a second run finds every row already there.
 */
export async function seedReviews(tx: Tx, labs: { lab: SeedLab; email: string }[], insertUser: InsertUser, count: Count) {
  const reviewerIds: string[] = [];
  for (const [index, name] of reviewers.entries()) {
    reviewerIds.push(
      await insertUser(tx, count, {
        email: `reviewer-${index + 1}@people.tahaleel.sa`,
        name,
        userType: 'customer',
        approved: false,
        passwordHash: undefined,
      }),
    );
  }
  const anchor = Math.floor(Date.now() / DAY) * DAY;
  const bookings: (Insertable<Database['bookings']> & { id: string })[] = [];
  const reviews: {
    id: string;
    booking_id: string;
    lab_id: string;
    customer_id: string;
    rating: number;
    text: string;
    created_at: Date;
    updated_at: Date;
    reply_text: string | null;
    replied_at: Date | null;
  }[] = [];
  for (const { lab, email } of labs) {
    const labId = deterministicUuid(`user:${email}`);
    const offers = await tx.selectFrom('lab_tests').select(['id', 'price_halalas']).where('lab_id', '=', labId).orderBy('id').execute();
    if (offers.length === 0) continue;
    const n = stableFraction(`${lab.key}:review-count`) < 0.5 ? 10 : 20;
    for (const [index, rating] of starsFor(lab, n).entries()) {
      const key = `${lab.key}:review:${index}`;
      const offer = offers[Math.floor(stableFraction(`${key}:offer`) * offers.length)]!;
      const daysAgo = 20 + Math.floor(stableFraction(`${key}:day`) * 300);
      const bookingTime = new Date(anchor - daysAgo * DAY + (8 + (index % 10)) * 3_600_000);
      const writtenAt = new Date(bookingTime.getTime() + (1 + (index % 3)) * DAY);
      const bookingId = deterministicUuid(`booking:${key}`);
      bookings.push({
        id: bookingId,
        customer_id: reviewerIds[Math.floor(stableFraction(`${key}:who`) * reviewerIds.length)]!,
        lab_test_id: offer.id,
        booking_time: bookingTime,
        total_price_halalas: offer.price_halalas,
        status: 'completed',
        completed_at: new Date(bookingTime.getTime() + 3_600_000),
      });
      const pool = texts[rating]!;
      const replied = stableFraction(`${key}:reply`) < 0.25;
      reviews.push({
        id: deterministicUuid(`review:${key}`),
        booking_id: bookingId,
        lab_id: labId,
        customer_id: '',
        rating,
        text: pool[Math.floor(stableFraction(`${key}:text`) * pool.length)]!,
        created_at: writtenAt,
        updated_at: writtenAt,
        reply_text: replied ? replies[index % replies.length]! : null,
        replied_at: replied ? new Date(writtenAt.getTime() + DAY) : null,
      });
    }
  }
  const bookingRows = await tx
    .insertInto('bookings')
    .values(bookings)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('bookings', bookingRows.length);
  count(
    'lab_ledger_entries',
    await ledgerRowsFor(
      tx,
      bookingRows.map((row) => row.id),
    ),
  );
  const customerOf = new Map(bookings.map((booking) => [booking.id, booking.customer_id]));
  const reviewRows = await tx
    .insertInto('reviews')
    .values(reviews.map((review) => ({ ...review, customer_id: customerOf.get(review.booking_id)! })))
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning('id')
    .execute();
  count('reviews', reviewRows.length);
  // As the review service keeps them: the mean of the visible reviews to one decimal, and their count.
  await sql`
    update labs l set rating = coalesce(s.rating, 0), review_count = coalesce(s.n, 0)
    from (select lab_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as n from reviews where hidden_at is null group by lab_id) s
    where s.lab_id = l.id and (l.rating, l.review_count) is distinct from (s.rating, s.n)`.execute(tx);
}

/**
 * The ledger's row of each seeded booking (ADR 0041), as if it had been paid at the lab's plan of today
 * with no booking fee (the seed has no checkouts): so the demo's payments and balances due agree. The past
 * visits waiting to be completed (past-visits.ts) have theirs too.
 */
export async function ledgerRowsFor(tx: Transaction<Database>, bookingIds: string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows = await tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'lab_tests.lab_id')
    .select(['bookings.id', 'bookings.created_at', 'bookings.total_price_halalas', 'lab_tests.lab_id', 'user_profiles.subscription_tier'])
    .where('bookings.id', 'in', bookingIds)
    .execute();
  const entries = rows.map((row) => {
    const plan = currentPlan('lab', row.subscription_tier);
    const commission = Math.round((row.total_price_halalas * plan.feePercent) / 100);
    return {
      lab_id: row.lab_id,
      booking_id: row.id,
      kind: 'booking' as const,
      recorded_at: row.created_at,
      lab_plan: plan.id,
      commission_percent: plan.feePercent,
      price_halalas: row.total_price_halalas,
      discount_halalas: 0,
      booking_fee_halalas: 0,
      home_visit_halalas: 0,
      paid_halalas: row.total_price_halalas,
      commission_halalas: commission,
      platform_vat_halalas: vatIncluded(commission),
      lab_owed_halalas: row.total_price_halalas - commission,
      backfilled: true,
    };
  });
  const inserted = await tx
    .insertInto('lab_ledger_entries')
    .values(entries)
    .onConflict((oc) => oc.columns(['booking_id', 'kind']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

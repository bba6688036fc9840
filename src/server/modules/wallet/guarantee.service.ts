import type { Kysely, Transaction } from 'kysely';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { GuaranteeSettingsInput } from '../../../shared/wallet-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { chargeGuarantee } from '../billing/ledger.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { afterQuietHours, textAccount } from '../phone/phone-messages.service.ts';
import * as repo from './guarantee.repository.ts';
import { grantCredit } from './wallet.service.ts';

// A service guarantee that pays itself (issue #79 item 6, ADR 0093): results later than the test's
// stated turnaround after the visit (a package visit's, test by test), or a home collector setting out
// more than 30 minutes after the window's start at a lab that promises punctual visits, credit the
// customer's wallet the admin's amount, once per booking, with a mail saying why; the lab's ledger is
// charged it.

/** A collector may set out this long after the window's start and still be on time. */
export const PUNCTUAL_GRACE_MINUTES = 30;
const MINUTE_MS = 60_000;

async function pay(
  tx: Transaction<Database>,
  bookingId: string,
  promises: { customer_id: string; lab_id: string },
  kind: 'late_results' | 'late_collector',
  lateMinutes: number,
  now: Date,
  lateTest: { ar: string; en: string } | null = null,
) {
  const amounts = await repo.guaranteeAmounts(tx);
  const halalas = kind === 'late_results' ? amounts.late_results_credit_halalas : amounts.late_collector_credit_halalas;
  const recorded = await repo.insertGuaranteeCredit(tx, { bookingId, labId: promises.lab_id, kind, halalas, lateMinutes, at: now });
  if (!recorded || halalas <= 0) return;
  const { granted, expiresAt } = await grantCredit(
    tx,
    {
      userId: promises.customer_id,
      amountHalalas: halalas,
      reason: `guarantee_${kind}`,
      sourceKey: `guarantee:${bookingId}`,
      validDays: amounts.credit_valid_days,
      bookingId,
    },
    now,
  );
  if (!granted) return;
  await chargeGuarantee(tx, { labId: promises.lab_id, bookingId, halalas, at: now });
  // A text beside the mail, to a confirmed number by the channel its owner chose for bookings, out of quiet hours.
  await textAccount(
    tx,
    promises.customer_id,
    { template: 'guarantee-credited', data: { amount: halalasToSar(halalas), kind } },
    `guarantee-credited:${bookingId}`,
    afterQuietHours(now),
  );
  const recipient = await recipientOf(tx, promises.customer_id);
  if (!recipient) return;
  await enqueueMail(tx, {
    to: recipient.email,
    locale: recipient.locale,
    userId: promises.customer_id,
    dedupeKey: `guarantee-credited:${bookingId}`,
    message: {
      template: 'guarantee-credited',
      data: {
        name: recipient.name,
        amount: halalasToSar(halalas),
        kind,
        lateMinutes,
        ...(lateTest && { lateTest }),
        expiresAt: expiresAt.toISOString(),
        link: '/dashboard?section=wallet',
      },
    },
  });
}

/** The part of a visit most late when released, and by how many minutes (rounded up); null when none was late. */
function latestLatePart<P extends { dueAt: Date; releasedAt: Date | null }>(parts: readonly P[]) {
  let latest: { part: P; releasedAt: Date; lateMs: number } | null = null;
  for (const part of parts) {
    const late = part.releasedAt ? part.releasedAt.getTime() - part.dueAt.getTime() : 0;
    if (part.releasedAt && late > 0 && (!latest || late > latest.lateMs)) latest = { part, releasedAt: part.releasedAt, lateMs: late };
  }
  return latest && { part: latest.part, releasedAt: latest.releasedAt, lateMinutes: Math.ceil(latest.lateMs / MINUTE_MS) };
}

/**
 * Results given to the patient, called at every release: late when a part came after the visit's time
 * plus its stated hours. A test booked alone is one part, released by its first results (a file or a
 * released report, whichever came first; an amendment does not count). A package visit's parts are its
 * tests, each held to its own stated turnaround, so the vitamin D coming days after an on-time CBC is
 * late; a part still awaited is judged when it comes. Credited once per booking, by the part most late.
 */
export async function guaranteeOnResults(tx: Transaction<Database>, bookingId: string, now = new Date()): Promise<void> {
  const promises = await repo.promisesOf(tx, bookingId);
  if (!promises) return;
  const parts = await repo.resultPartsDue(tx, bookingId);
  const late = latestLatePart(parts.map((part) => (part.testId === null ? { ...part, releasedAt: part.releasedAt ?? now } : part)));
  if (!late) return;
  await pay(tx, bookingId, promises, 'late_results', late.lateMinutes, late.releasedAt, late.part.name);
}

/** A home collector set out: late when more than PUNCTUAL_GRACE_MINUTES after the window's start, at a lab that promises it. */
export async function guaranteeOnSetOut(tx: Transaction<Database>, bookingId: string, leftAt = new Date()): Promise<void> {
  const promises = await repo.promisesOf(tx, bookingId);
  if (promises?.collection !== 'home' || !promises.promises_punctual_visits) return;
  const late = leftAt.getTime() - (new Date(promises.booking_time).getTime() + PUNCTUAL_GRACE_MINUTES * MINUTE_MS);
  if (late <= 0) return;
  await pay(tx, bookingId, promises, 'late_collector', Math.ceil(late / MINUTE_MS), leftAt);
}

/** The window a lab's on-time record covers, in days. */
const ON_TIME_RECORD_DAYS = 90;

/**
 * A lab's on-time record over the last 90 days, for its public page: results within the stated
 * turnaround (a package visit only when all its tests were), and (at a lab that promises it) home
 * collectors setting out on time; a side with nothing to count is null, so the page shows no invented
 * number.
 */
export async function labOnTimeRecord(db: Kysely<Database>, labId: string, now = new Date()) {
  const since = new Date(now.getTime() - ON_TIME_RECORD_DAYS * 24 * 60 * MINUTE_MS);
  const kept = await repo.keptPromises(db, labId, since, PUNCTUAL_GRACE_MINUTES, now);
  return {
    days: ON_TIME_RECORD_DAYS,
    results: kept.results > 0 ? { onTime: kept.resultsOnTime, total: kept.results } : null,
    visits: kept.visits > 0 ? { onTime: kept.visitsOnTime, total: kept.visits } : null,
  };
}

/** The admin's guarantee credits, in SAR. */
export async function guaranteeSettings(db: Kysely<Database>) {
  const row = await repo.guaranteeAmounts(db);
  return {
    lateResultsCredit: halalasToSar(row.late_results_credit_halalas),
    lateCollectorCredit: halalasToSar(row.late_collector_credit_halalas),
  };
}

/** Sets the guarantee's credits (audited as `wallet.guarantee_settings`); credits already given keep theirs. */
export async function saveGuaranteeSettings(db: Kysely<Database>, adminId: string, input: GuaranteeSettingsInput, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    await repo.updateGuaranteeAmounts(
      tx,
      {
        late_results_credit_halalas: sarToHalalas(input.lateResultsCredit),
        late_collector_credit_halalas: sarToHalalas(input.lateCollectorCredit),
      },
      adminId,
      now,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.guarantee_settings',
      subjectType: 'wallet_settings',
      subjectId: 'platform',
      details: input,
    });
  });
  return guaranteeSettings(db);
}

import { hmac } from '@oslojs/crypto/hmac';
import { SHA256, sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { CreateResultShareInput } from '../../../shared/result-share-schemas.ts';
import { SHARE_CODE_LENGTH, SHARE_TOKEN_PATTERN, SHARE_WRONG_CODES_MAX } from '../../../shared/result-shares.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { textAccount } from '../phone/phone-messages.service.ts';
import { type ResultVault, readSharedResult, resultFilesOfBookings } from '../result-files/result-files.service.ts';
import { releasedReportForBooking } from '../result-reports/result-reports.service.ts';
import * as repo from './result-shares.repository.ts';

// A patient's chosen reports shared with a doctor by a link, for 1 to 30 days, optionally behind a
// 6-digit code (issue #53 item 6, ADR 0061). The doctor needs no account: the link is the key. It is
// shown once and kept as its SHA-256; the code is kept as an HMAC keyed by the link, and five wrong
// codes lock the share, and its patient is told at once; they can give it a new code. Every reading
// through it is in the audit log and the patient's access log; every refused attempt (gone, wrong code)
// is in the audit log.

const TOKEN_BYTES = 32;
const encoder = new TextEncoder();

export type ShareStanding = 'active' | 'expired' | 'revoked' | 'locked';
/** Which door a doctor knocked at, as the audit log records it. */
type Door = 'page' | 'values' | 'file';

function generateToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

/** Six digits, each of the million equally likely (a draw past the last whole million is drawn again). */
function generateCode(): string {
  const range = 10 ** SHARE_CODE_LENGTH;
  const limit = Math.floor(2 ** 32 / range) * range;
  for (;;) {
    const [draw] = crypto.getRandomValues(new Uint32Array(1));
    if (draw! < limit) return String(draw! % range).padStart(SHARE_CODE_LENGTH, '0');
  }
}

function tokenHashOf(token: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(token)));
}

/**
 * The code's HMAC under the link itself: whoever holds the table but not the link cannot try the
 * million codes against it, and whoever holds the link can only try them here, five at most.
 */
function codeMac(token: string, code: string): Uint8Array {
  return hmac(SHA256, encoder.encode(token), encoder.encode(`tahaleel/result-share-code/v1:${code}`));
}

/**
 * A code the patient issued later, when the server holds only the link's SHA-256: its HMAC under that
 * hash. Whoever holds the table could now try the million codes offline, but a code opens nothing
 * without the link, and whoever holds both could do the same against a first code (ADR 0061's amendment).
 */
function reissuedCodeMac(tokenHash: string, code: string): Uint8Array {
  return hmac(SHA256, decodeHex(tokenHash), encoder.encode(`tahaleel/result-share-code/v2:${code}`));
}

/**
 * Whether the code is the share's, whichever way its MAC was made: the two are labelled apart (v1, v2), so
 * a stored MAC can only be the one it was made as, and one more HMAC spares the table a column saying which.
 */
function codeMatches(codeHash: string, token: string, code: string): boolean {
  const stored = decodeHex(codeHash);
  const first = constantTimeEqual(stored, codeMac(token, code));
  const reissued = constantTimeEqual(stored, reissuedCodeMac(tokenHashOf(token), code));
  return first || reissued;
}

/** Where the patient's links are listed, and a new code is issued: their results page. */
const RESULTS_PAGE = '/dashboard?section=results';

interface ShareRow {
  id: string;
  code_hash: string | null;
  locked_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
}

function standingOf(share: ShareRow, now: Date): ShareStanding {
  if (share.revoked_at !== null) return 'revoked';
  if (share.locked_at !== null) return 'locked';
  if (share.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function linkOf(publicUrl: string, token: string): string {
  return new URL(`/share/${token}`, publicUrl).href;
}

/** The customer's bookings with something to share (released values or a file), newest first. */
export async function shareableReports(db: Kysely<Database>, customerId: string) {
  const rows = await repo.shareableBookings(db, customerId);
  return rows.map((row) => ({
    bookingId: row.id,
    at: row.booking_time.toISOString(),
    timeZone: row.time_zone,
    patientName: row.patient_name,
    test: { ar: row.test_name_ar, en: row.test_name_en },
    lab: { ar: row.lab_name_ar, en: row.lab_name_en },
    hasValues: row.has_values,
    files: Number(row.files),
  }));
}

/**
 * A share of the customer's chosen bookings, each theirs and with something to share (another's
 * booking, or one with nothing released, is NOT_FOUND and nothing is made). The link and the code
 * are in the answer and nowhere else, ever.
 */
export async function createShare(db: Kysely<Database>, customerId: string, input: CreateResultShareInput, publicUrl: string) {
  const shareable = new Set((await repo.shareableBookings(db, customerId)).map((row) => row.id));
  const foreign = input.bookingIds.filter((id) => !shareable.has(id));
  if (foreign.length > 0) throw new AppError('NOT_FOUND', { entity: 'booking', ids: foreign });
  const token = generateToken();
  const code = input.withCode ? generateCode() : null;
  const saved = await db.transaction().execute(async (tx) => {
    const share = await repo.insertShare(tx, {
      id: crypto.randomUUID(),
      customerId,
      tokenHash: tokenHashOf(token),
      codeHash: code === null ? null : encodeHexLowerCase(codeMac(token, code)),
      days: input.days,
    });
    await repo.insertShareBookings(tx, share.id, input.bookingIds);
    await recordAudit(tx, {
      actorId: customerId,
      action: 'result_share.create',
      subjectType: 'result_share',
      subjectId: share.id,
      details: { bookingIds: input.bookingIds, days: input.days, withCode: code !== null, expiresAt: share.expires_at.toISOString() },
    });
    return share;
  });
  return { id: saved.id, link: linkOf(publicUrl, token), code, expiresAt: saved.expires_at.toISOString() };
}

/** The customer's shares, newest first: standing, what each holds, how often it was opened; never a link or code. */
export async function listShares(db: Kysely<Database>, customerId: string, now = new Date()) {
  const shares = await repo.sharesOf(db, customerId);
  const bookings = await repo.bookingsOfShares(
    db,
    shares.map((share) => share.id),
  );
  return shares.map((share) => ({
    id: share.id,
    standing: standingOf(share, now),
    withCode: share.code_hash !== null,
    createdAt: share.created_at.toISOString(),
    expiresAt: share.expires_at.toISOString(),
    revokedAt: share.revoked_at?.toISOString() ?? null,
    lockedAt: share.locked_at?.toISOString() ?? null,
    openedCount: share.opened_count,
    lastOpenedAt: share.last_opened_at?.toISOString() ?? null,
    reports: bookings
      .filter((booking) => booking.share_id === share.id)
      .map((booking) => ({
        bookingId: booking.booking_id,
        at: booking.booking_time.toISOString(),
        timeZone: booking.time_zone,
        patientName: booking.patient_name,
        test: { ar: booking.test_name_ar, en: booking.test_name_en },
        lab: { ar: booking.lab_name_ar, en: booking.lab_name_en },
      })),
  }));
}

/** Revokes one of the customer's shares at once: its link opens nothing from now on. Answers the list. */
export async function revokeShare(db: Kysely<Database>, customerId: string, id: string, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    const revoked = await repo.revokeShare(tx, customerId, id, now);
    // Another customer's share, or one already revoked, is not found: the caller learns nothing of it.
    if (!revoked) throw new AppError('NOT_FOUND', { entity: 'result_share' });
    await recordAudit(tx, { actorId: customerId, action: 'result_share.revoke', subjectType: 'result_share', subjectId: revoked.id });
  });
  return listShares(db, customerId, now);
}

/**
 * A new code for one of the customer's shares, answered this once: the old code stops working, the wrong
 * codes are forgotten, and a share they locked opens again through the same link. A revoked or expired
 * share stays ended (SHARE_GONE); another customer's share, like one that never was, is not found.
 */
export async function issueNewCode(db: Kysely<Database>, customerId: string, id: string, now = new Date()) {
  const code = generateCode();
  const share = await db.transaction().execute(async (tx) => {
    const current = await repo.findOwnShareForUpdate(tx, customerId, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'result_share' });
    const standing = standingOf(current, now);
    if (standing === 'revoked' || standing === 'expired') throw new AppError('SHARE_GONE', { reason: standing });
    await repo.setShareCode(tx, current.id, encodeHexLowerCase(reissuedCodeMac(current.token_hash, code)));
    await recordAudit(tx, {
      actorId: customerId,
      action: 'result_share.new_code',
      subjectType: 'result_share',
      subjectId: current.id,
      details: { unlocked: standing === 'locked', wrongCodes: current.wrong_codes },
    });
    return current;
  });
  return { id: share.id, code, expiresAt: share.expires_at.toISOString() };
}

/**
 * The fifth wrong code has just locked the share: its patient is told in the transaction that locked it,
 * so once per lock. By mail, and by text to a confirmed number by the channel they chose for results, at
 * once and whatever the hour (someone is trying codes now, and the doctor may be waiting). The share is
 * named as the patient's list shows it, by the day it was shared; never its tests, link or code.
 */
async function tellPatientOfLock(tx: Transaction<Database>, share: { id: string; customer_id: string; created_at: Date }, lockedAt: Date) {
  const key = `result-share-locked:${share.id}:${lockedAt.toISOString()}`;
  const patient = await recipientOf(tx, share.customer_id);
  if (patient) {
    await enqueueMail(tx, {
      to: patient.email,
      locale: patient.locale,
      userId: share.customer_id,
      dedupeKey: key,
      message: {
        template: 'result-share-locked',
        data: {
          name: patient.name,
          sharedAt: share.created_at.toISOString(),
          lockedAt: lockedAt.toISOString(),
          results: await repo.shareBookingCount(tx, share.id),
          link: RESULTS_PAGE,
        },
      },
    });
  }
  await textAccount(
    tx,
    share.customer_id,
    { template: 'result-share-locked', data: { sharedAt: share.created_at.toISOString() } },
    `${key}:text`,
  );
}

/** A share that opens nothing any more is refused, and the attempt recorded. */
async function refuseIfGone(db: Kysely<Database>, share: ShareRow, clientIp: string, door: Door, now: Date) {
  const standing = standingOf(share, now);
  if (standing === 'active') return;
  await recordAudit(db, {
    actorId: null,
    action: 'result.share_denied',
    subjectType: 'result_share',
    subjectId: share.id,
    details: { reason: standing, ip: clientIp, role: 'doctor', via: door },
  });
  throw new AppError('SHARE_GONE', { reason: standing });
}

/** Every knock at a share counts against the address, whatever it knocks with. */
async function limitAddress(db: Kysely<Database>, clientIp: string, now: Date) {
  await consumeAttempt(db, `result-share:${clientIp}`, rateLimits.resultSharePerIp, now);
}

/** The live share a link names, or unknown; a malformed link is unknown without a lookup. */
async function findShare(db: Kysely<Database>, token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  return repo.findShareByTokenHash(db, tokenHashOf(token));
}

/**
 * What the doctor's page answers before it is drawn: `live` (200), `gone` (410: expired, revoked or
 * locked; the attempt is recorded) or `unknown` (404). A live share's page reads nothing of the
 * patient's: a messaging app's link preview fetches it too, and is not an opening (ADR 0061).
 */
export async function shareStateForPage(db: Kysely<Database>, token: string, clientIp: string, now = new Date()) {
  await limitAddress(db, clientIp, now);
  const share = await findShare(db, token);
  if (!share) return 'unknown' as const;
  try {
    await refuseIfGone(db, share, clientIp, 'page', now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SHARE_GONE') return 'gone' as const;
    throw error;
  }
  return 'live' as const;
}

/**
 * The share a link and code let in: unknown → NOT_FOUND; gone → SHARE_GONE (recorded); a code asked
 * and not given → SHARE_CODE_REQUIRED; a wrong code → SHARE_CODE_WRONG with the attempts left
 * (recorded), and the last one allowed locks it (SHARE_GONE, reason locked). Codes are checked with
 * the share's row locked, so guesses sent at once cannot pass the limit together.
 */
async function admit(db: Kysely<Database>, token: string, code: string | undefined, clientIp: string, door: Door, now: Date) {
  await limitAddress(db, clientIp, now);
  const share = await findShare(db, token);
  if (!share) throw new AppError('NOT_FOUND', { entity: 'result_share' });
  await refuseIfGone(db, share, clientIp, door, now);
  if (share.code_hash === null) return share;
  if (code === undefined) throw new AppError('SHARE_CODE_REQUIRED');
  const outcome = await db.transaction().execute(async (tx) => {
    const current = await repo.findShareByTokenHash(tx, tokenHashOf(token), { lock: true });
    if (!current || standingOf(current, now) !== 'active') return { kind: 'gone', current } as const;
    if (codeMatches(current.code_hash!, token, code)) return { kind: 'admitted' } as const;
    const after = await repo.recordWrongCode(tx, current.id, now);
    const attemptsLeft = SHARE_WRONG_CODES_MAX - after.wrong_codes;
    await recordAudit(tx, {
      actorId: null,
      action: 'result.share_denied',
      subjectType: 'result_share',
      subjectId: current.id,
      details: { reason: 'wrong_code', attemptsLeft, ip: clientIp, role: 'doctor', via: door },
    });
    // The share was live under its lock a moment ago: a lock now is this code's doing, and told once.
    if (after.locked_at !== null) await tellPatientOfLock(tx, current, after.locked_at);
    return { kind: 'wrong', attemptsLeft } as const;
  });
  if (outcome.kind === 'gone') {
    if (outcome.current) await refuseIfGone(db, outcome.current, clientIp, door, now);
    throw new AppError('NOT_FOUND', { entity: 'result_share' });
  }
  if (outcome.kind === 'wrong') {
    throw outcome.attemptsLeft > 0
      ? new AppError('SHARE_CODE_WRONG', { attemptsLeft: outcome.attemptsLeft })
      : new AppError('SHARE_GONE', { reason: 'locked' });
  }
  return share;
}

/**
 * What the doctor reads through a live share: for each shared booking, its released values as the
 * patient sees them (trends drawn from the shared reports only: the patient chose what to show) and
 * its result files' names. Each report's values read is recorded as a doctor's read through the share,
 * which the patient sees in their access log; the share counts the opening.
 */
export async function openShare(
  db: Kysely<Database>,
  keys: ResultKeys,
  input: { token: string; code?: string | undefined },
  clientIp: string,
  now = new Date(),
) {
  const share = await admit(db, input.token, input.code, clientIp, 'values', now);
  const bookings = await repo.bookingsOfShares(db, [share.id]);
  const bookingIds = bookings.map((booking) => booking.booking_id);
  const shared = new Set(bookingIds);
  const [reports, files] = await Promise.all([repo.releasedReportsOf(db, bookingIds), resultFilesOfBookings(db, bookingIds)]);
  const views = new Map<string, Awaited<ReturnType<typeof releasedReportForBooking>>>();
  for (const report of reports) views.set(report.booking_id, await releasedReportForBooking(db, keys, report.booking_id));
  await db.transaction().execute(async (tx) => {
    await repo.recordOpening(tx, share.id, now);
    for (const report of reports) {
      await recordAudit(tx, {
        actorId: null,
        action: 'result.read',
        subjectType: 'result_report',
        subjectId: report.id,
        details: { bookingId: report.booking_id, role: 'doctor', ip: clientIp, via: 'share', shareId: share.id },
      });
    }
  });
  return {
    patientName: share.customer_name,
    expiresAt: share.expires_at.toISOString(),
    reports: bookings.map((booking) => {
      const view = views.get(booking.booking_id);
      return {
        bookingId: booking.booking_id,
        at: booking.booking_time.toISOString(),
        timeZone: booking.time_zone,
        patientName: booking.patient_name ?? share.customer_name,
        test: { ar: booking.test_name_ar, en: booking.test_name_en },
        lab: { ar: booking.lab_name_ar, en: booking.lab_name_en },
        values: view
          ? {
              version: view.version,
              status: view.status,
              releasedAt: view.releasedAt,
              amended: view.amended,
              note: view.note,
              interpretation: view.interpretation,
              observations: view.observations.map((observation) => ({
                ...observation,
                trend: observation.trend.filter((point) => shared.has(point.bookingId)),
              })),
            }
          : null,
        files: files
          .filter((file) => file.booking_id === booking.booking_id)
          .map((file) => ({ id: file.id, fileName: file.file_name, contentType: file.content_type, sizeBytes: file.size_bytes })),
      };
    }),
  };
}

/** A result file of a shared booking, for the doctor holding the link (and its code): opened whole and logged by the results module. */
export async function openSharedFile(
  db: Kysely<Database>,
  vault: ResultVault,
  input: { token: string; code?: string | undefined; resultId: string },
  clientIp: string,
  now = new Date(),
) {
  const share = await admit(db, input.token, input.code, clientIp, 'file', now);
  const bookings = await repo.bookingsOfShares(db, [share.id]);
  return readSharedResult(db, vault, { id: share.id, bookingIds: bookings.map((booking) => booking.booking_id) }, input.resultId, clientIp);
}

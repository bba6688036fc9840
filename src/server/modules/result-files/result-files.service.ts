import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { LabResultsInput } from '../../../shared/list-schemas.ts';
import type { UserType } from '../../../shared/locale.ts';
import { oneLine } from '../../../shared/plain-text.ts';
import { RESULT_MAX_BYTES, type ResultContentType, resultExtensions, sniffResultType } from '../../../shared/results.ts';
import { decodeCursor, pageOf } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';
import { completeVisitWithResults } from '../../db/visit-results.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { resealTable, type SealedTable } from '../../platform/key-rotation.ts';
import {
  type Keyring,
  openFile,
  type ResultKeys,
  rewrapDataKey,
  type Seal,
  SealBrokenError,
  sealFile,
  UnknownKeyError,
} from '../../platform/result-sealing.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { guaranteeOnResults } from '../wallet/guarantee.service.ts';
import { rewardReferral } from '../wallet/referrals.service.ts';
import * as repo from './result-files.repository.ts';

/**
 * Where result files are kept: a blob store that only ever receives sealed bytes (disk, S3, R2 alike),
 * and the keys that seal and open them (docs/decisions/0021), made once per configuration.
 */
export interface ResultVault extends ResultKeys {
  blobs: BlobStore;
}

export type { BlobStore };

/** Who is reading, as the audit log keeps it, and an administrator's reason. */
export interface ReadRequest {
  clientIp: string;
  /** Required of an administrator (1–500 characters, trimmed by the route); ignored for anyone else. */
  reason?: string;
}

function requireKeyring(vault: ResultVault): Keyring {
  if (!vault.keyring) throw new Error('RESULTS_ENCRYPTION_KEY is not set: result files can be neither sealed nor opened');
  return vault.keyring;
}

export interface Caller {
  id: string;
  user_type: UserType;
  approved: boolean;
}

export interface UploadInput {
  bookingId: string;
  fileName: string;
  bytes: Uint8Array;
}

/** Size first (cheap), then the real type from the magic bytes: the name and the declared type are not trusted. */
export function checkResultFile(bytes: Uint8Array): ResultContentType {
  if (bytes.byteLength === 0) throw new AppError('FILE_EMPTY');
  if (bytes.byteLength > RESULT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { maxBytes: RESULT_MAX_BYTES });
  const type = sniffResultType(bytes);
  if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  return type;
}

/**
 * The base name without path characters, control characters or bidi controls (which would make
 * "passwd", U+202E, "gnp.pdf" read as a PNG), with the extension of the type the bytes really are.
 */
export function safeFileName(name: string, type: ResultContentType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = oneLine(base)
    .replace(/["<>:|?*]/g, '')
    .trim();
  const stem =
    cleaned
      .replace(/\.[^.]*$/, '')
      .slice(0, 120)
      .trim() || 'result';
  return `${stem}.${resultExtensions[type]}`;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}

/** Gated like an approved-lab procedure: the route that calls this is plain Hono, not tRPC. */
function assertApprovedLab(caller: Caller | null): asserts caller is Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED');
  if (caller.user_type !== 'lab') throw new AppError('FORBIDDEN', { requiredRole: 'lab' });
  if (!caller.approved) throw new AppError('LAB_NOT_APPROVED');
}

/**
 * A lab stores a result file for one of its own bookings (not a cancelled one, nor a no-show), which
 * completes a visit that has started (issue #77 item 2). The file is sealed here, so the blob store
 * only ever holds ciphertext; the sealed bytes go to the store first, and if the database then
 * refuses the row they are removed again, so no file is left without a record.
 */
export async function uploadResult(db: Kysely<Database>, vault: ResultVault, caller: Caller | null, input: UploadInput) {
  assertApprovedLab(caller);
  const keyring = requireKeyring(vault);
  const contentType = checkResultFile(input.bytes);
  const booking = await repo.findBookingParties(db, input.bookingId);
  if (!booking || booking.lab_id !== caller.id) throw new AppError('NOT_FOUND', { entity: 'booking' });
  if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED');
  if (booking.status === 'no_show') throw new AppError('BOOKING_NO_SHOW');

  const storageKey = `${booking.id}/${crypto.randomUUID()}`;
  const fileName = safeFileName(input.fileName, contentType);
  const sha256 = await sha256Hex(input.bytes);
  const { ciphertext, seal } = await sealFile(keyring, storageKey, input.bytes);
  await vault.blobs.put(storageKey, ciphertext);
  try {
    const row = await db.transaction().execute(async (tx) => {
      const inserted = await repo.insertResultFile(
        tx,
        {
          booking_id: booking.id,
          uploaded_by: caller.id,
          storage_key: storageKey,
          file_name: fileName,
          content_type: contentType,
          size_bytes: input.bytes.byteLength,
          sha256,
        },
        seal,
      );
      await recordAudit(tx, {
        actorId: caller.id,
        action: 'result.upload',
        subjectType: 'result_file',
        subjectId: inserted.id,
        details: { bookingId: booking.id, sizeBytes: input.bytes.byteLength, contentType },
      });
      // A link to the results page, never the result: mail is not a place for health data.
      const customer = await recipientOf(tx, booking.customer_id);
      if (customer) {
        await enqueueMail(tx, {
          to: customer.email,
          locale: customer.locale,
          userId: booking.customer_id,
          message: { template: 'results-ready', data: { name: customer.name, link: '/dashboard' } },
          dedupeKey: `results-ready:${booking.id}`,
        });
      }
      await completeVisitWithResults(tx, booking.id, new Date());
      await rewardReferral(tx, booking.id);
      await guaranteeOnResults(tx, booking.id);
      return inserted;
    });
    return {
      id: row.id,
      booking_id: booking.id,
      file_name: fileName,
      content_type: contentType,
      size_bytes: input.bytes.byteLength,
      created_at: new Date(row.created_at).toISOString(),
    };
  } catch (error) {
    await vault.blobs.delete(storageKey);
    throw error;
  }
}

type StoredResult = NonNullable<Awaited<ReturnType<typeof repo.findResultWithParties>>>;

interface SealColumns {
  id: string;
  seal_version: number | null;
  key_id: string | null;
  wrapped_key: Uint8Array | null;
  iv: Uint8Array | null;
}

function sealOf(file: SealColumns): Seal | null {
  if (file.seal_version === null) return null;
  if (!file.key_id || !file.wrapped_key || !file.iv) throw new Error(`result ${file.id} is sealed without its key`);
  return { version: file.seal_version, keyId: file.key_id, wrappedKey: file.wrapped_key, iv: file.iv };
}

/**
 * The stored bytes opened and checked in full: the seal's tag, then the SHA-256 recorded at upload.
 * A file stored in the clear before sealing existed has only the second check.
 */
async function openStoredFile(vault: ResultVault, file: StoredResult, stored: Uint8Array): Promise<Uint8Array> {
  const seal = sealOf(file);
  const bytes = seal ? await openFile(requireKeyring(vault), file.storage_key, stored, seal) : stored;
  if ((await sha256Hex(bytes)) !== file.sha256) throw new SealBrokenError('the file does not match the SHA-256 recorded at upload');
  return bytes;
}

/**
 * The stored bytes for a reader already let in, opened and checked whole; a damaged file is refused
 * (RESULT_DAMAGED) and recorded, with who asked (`who`: their role and address, as the read's entry).
 */
async function openForReader(
  db: Kysely<Database>,
  vault: ResultVault,
  file: StoredResult,
  actorId: string | null,
  who: Record<string, unknown>,
): Promise<Uint8Array> {
  const stored = await vault.blobs.get(file.storage_key);
  if (!stored) throw new AppError('NOT_FOUND', { entity: 'result' });
  try {
    return await openStoredFile(vault, file, stored);
  } catch (error) {
    if (!(error instanceof SealBrokenError)) throw error;
    await recordAudit(db, {
      actorId,
      action: 'result.damaged',
      subjectType: 'result_file',
      subjectId: file.id,
      details: { bookingId: file.booking_id, ...who, problem: error.message },
    });
    throw new AppError('RESULT_DAMAGED', { resultId: file.id });
  }
}

/**
 * The file for its booking's customer, its lab while approved, and any admin who gives a reason;
 * anyone else is told it does not exist. A lab whose approval is withdrawn keeps only its overview and
 * settings, like every gated lab procedure, and is told so. The file is opened and checked whole
 * before anything is answered; a damaged one is refused and recorded. Every read is written to the
 * audit log (who, in which role, when, from which address, an admin's reason), and so is every refused
 * attempt by a signed-in user; the patient is told by mail when staff opened their result.
 */
export async function readResult(db: Kysely<Database>, vault: ResultVault, caller: Caller | null, resultId: string, request: ReadRequest) {
  if (!caller) throw new AppError('NOT_FOUND', { entity: 'result' });
  const staff = caller.user_type === 'admin';
  // Before anything is looked up: an administrator's read without a reason is no read at all.
  if (staff && !request.reason) throw new AppError('VALIDATION_FAILED', { fields: ['reason'] });
  const file = await repo.findResultWithParties(db, resultId);
  const itsLab = file !== undefined && caller.user_type === 'lab' && file.lab_id === caller.id;
  const allowed =
    file !== undefined && (staff || (caller.user_type === 'customer' && file.customer_id === caller.id) || (itsLab && caller.approved));
  const who = { role: caller.user_type, ip: request.clientIp };
  if (!file || !allowed) {
    if (file) {
      await recordAudit(db, {
        actorId: caller.id,
        action: 'result.read_denied',
        subjectType: 'result_file',
        subjectId: file.id,
        details: who,
      });
    }
    throw itsLab ? new AppError('LAB_NOT_APPROVED') : new AppError('NOT_FOUND', { entity: 'result' });
  }
  const bytes = await openForReader(db, vault, file, caller.id, who);
  const reason = staff ? request.reason : undefined;
  await db.transaction().execute(async (tx) => {
    const readAt = await recordAudit(tx, {
      actorId: caller.id,
      action: 'result.read',
      subjectType: 'result_file',
      subjectId: file.id,
      details: { bookingId: file.booking_id, ...who, ...(reason && { reason }) },
    });
    if (!reason) return;
    // Only that staff opened a result, when and why, and where to see every read: no health data.
    const patient = await recipientOf(tx, file.customer_id);
    if (patient) {
      await enqueueMail(tx, {
        to: patient.email,
        locale: patient.locale,
        userId: file.customer_id,
        message: {
          template: 'result-opened-by-staff',
          data: { name: patient.name, openedAt: readAt.toISOString(), reason, link: '/dashboard?section=results' },
        },
      });
    }
  });
  return { bytes, fileName: file.file_name, contentType: file.content_type };
}

/**
 * A result file for a doctor holding a patient's share link (ADR 0061): only a file of one of the
 * share's bookings, which the caller (result-shares.service) has checked is live and, with a code, that
 * the code was given. Opened and checked whole like any read, and logged as a doctor's read through
 * the share, which the patient sees in their access log.
 */
export async function readSharedResult(
  db: Kysely<Database>,
  vault: ResultVault,
  share: { id: string; bookingIds: readonly string[] },
  resultId: string,
  clientIp: string,
) {
  const file = await repo.findResultWithParties(db, resultId);
  if (!file || !share.bookingIds.includes(file.booking_id)) throw new AppError('NOT_FOUND', { entity: 'result' });
  const who = { role: 'doctor', ip: clientIp, via: 'share', shareId: share.id };
  const bytes = await openForReader(db, vault, file, null, who);
  await recordAudit(db, {
    actorId: null,
    action: 'result.read',
    subjectType: 'result_file',
    subjectId: file.id,
    details: { bookingId: file.booking_id, ...who },
  });
  return { bytes, fileName: file.file_name, contentType: file.content_type };
}

/** The result files of these bookings, oldest first, as a share lists them: names and sizes, never bytes or keys. */
export async function resultFilesOfBookings(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  const rows = await repo
    .resultsWithDetails(db)
    .where('result_files.booking_id', 'in', bookingIds)
    .orderBy('result_files.created_at')
    .orderBy('result_files.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    booking_id: row.booking_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/**
 * The customer's own result files, each opened and checked whole, for their data export. Each is a
 * read like a download, and recorded as one; a damaged file stops the export (nothing half-checked).
 */
export async function openCustomerResults(db: Kysely<Database>, vault: ResultVault, customerId: string, clientIp: string) {
  const files = await repo.customerResultsWithParties(db, customerId);
  const opened: { id: string; bookingId: string; fileName: string; bytes: Uint8Array }[] = [];
  for (const file of files) {
    const stored = await vault.blobs.get(file.storage_key);
    if (!stored) continue;
    try {
      opened.push({ id: file.id, bookingId: file.booking_id, fileName: file.file_name, bytes: await openStoredFile(vault, file, stored) });
    } catch (error) {
      if (error instanceof SealBrokenError) throw new AppError('RESULT_DAMAGED', { resultId: file.id });
      throw error;
    }
  }
  await db.transaction().execute(async (tx) => {
    for (const file of opened) {
      await recordAudit(tx, {
        actorId: customerId,
        action: 'result.read',
        subjectType: 'result_file',
        subjectId: file.id,
        details: { bookingId: file.bookingId, role: 'customer', ip: clientIp, via: 'export' },
      });
    }
  });
  return opened;
}

function presentResult(row: Awaited<ReturnType<ReturnType<typeof repo.resultsWithDetails>['execute']>>[number]) {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    booking_time: new Date(row.booking_time).toISOString(),
  };
}

/** The customer's own results, newest first. */
export async function customerResults(db: Kysely<Database>, customerId: string) {
  const rows = await repo
    .resultsWithDetails(db)
    .where('bookings.customer_id', '=', customerId)
    .orderBy('result_files.created_at', 'desc')
    .orderBy('result_files.id', 'desc')
    .execute();
  return rows.map(presentResult);
}

/** Results the lab has uploaded for its bookings, newest first. */
/** One page of the result files the lab uploaded, newest first unless asked, searched, and how many match. */
export async function labResults(db: Kysely<Database>, labId: string, input: LabResultsInput) {
  const [rows, total] = await Promise.all([
    repo.labResultPage(db, labId, input, decodeCursor(input.cursor, input.sort)),
    repo.countLabResults(db, labId, input.q),
  ]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: row.id }));
  return { total, items: page.items.map(({ cursor_at: _, ...row }) => presentResult(row)), nextCursor: page.nextCursor };
}

/** How many reads of their results a customer is shown, newest first. */
const ACCESS_LOG_LIMIT = 200;

/**
 * Who opened the customer's results, files and values alike: every read (their own too), newest first,
 * with the viewer's role, a lab's names, when, an administrator's reason, and the share link a doctor
 * read through. Staff are not named (the client says "Tahaleel staff"), nor doctors (a share link names
 * no one); addresses stay in the audit log.
 */
export async function resultAccessLog(db: Kysely<Database>, customerId: string) {
  const rows = await repo.readsOfCustomerResults(db, customerId, ACCESS_LOG_LIMIT);
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.result_id === null ? ('values' as const) : ('file' as const),
    result_id: row.result_id,
    file_name: row.file_name,
    booking_id: row.booking_id,
    test_name_ar: row.test_name_ar,
    test_name_en: row.test_name_en,
    viewer_role: row.viewer_role,
    viewer_name:
      row.viewer_role === 'lab' && row.viewer_lab_name_ar !== null && row.viewer_lab_name_en !== null
        ? { ar: row.viewer_lab_name_ar, en: row.viewer_lab_name_en }
        : null,
    viewed_at: new Date(row.viewed_at).toISOString(),
    reason: row.viewer_role === 'admin' ? row.reason : null,
    share_id: row.viewer_role === 'doctor' ? row.share_id : null,
  }));
}

export interface RotationReport {
  /** Data keys now wrapped by the current key that were wrapped by an older one. */
  rewrapped: number;
  /** Sealed files whose data key the current key already wrapped. */
  alreadyCurrent: number;
  /** Files stored in the clear before sealing existed (read as they are, checked by their SHA-256). */
  unsealed: number;
  /** Files whose wrapped key no longer unwraps: they cannot be opened by any key. */
  damaged: string[];
}

/**
 * Re-wraps every data key under the current master key; the files in the blob store are not touched.
 * Running it again changes nothing. A file sealed under a key the keyring lacks stops it before
 * anything changes, naming the key ids, so no file is left unreadable by a rotation.
 */
export async function rotateDataKeys(db: Kysely<Database>, keyring: Keyring): Promise<RotationReport> {
  const perKey = await repo.filesPerKey(db);
  const unknown = perKey.flatMap((row) => (row.key_id !== null && !keyring.byId.has(row.key_id) ? [row.key_id] : []));
  if (unknown.length > 0) throw new UnknownKeyError(unknown);
  const count = (keyId: string | null) => Number(perKey.find((row) => row.key_id === keyId)?.files ?? 0);
  const sealedFiles: SealedTable<SealColumns> = {
    table: 'result_files',
    id: 'id',
    sealed: ['seal_version', 'wrapped_key', 'iv'],
    clear: 'leave',
    batch: 200,
    reseal: async (file) => {
      const seal = sealOf(file);
      return seal !== null && repo.replaceWrappedKey(db, file.id, seal.keyId, await rewrapDataKey(keyring, seal));
    },
  };
  const { resealed, damaged } = await resealTable(db, sealedFiles, keyring.current.id);
  return { rewrapped: resealed, alreadyCurrent: count(keyring.current.id), unsealed: count(null), damaged };
}

import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { RESULT_MAX_BYTES, type ResultContentType, resultExtensions, sniffResultType } from '../../../shared/results.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import type { BlobStore } from './blob-store.ts';
import * as repo from './results.repository.ts';

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

/** The base name without control or path characters, with the extension of the type the bytes really are. */
export function safeFileName(name: string, type: ResultContentType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '').trim();
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
 * A lab stores a result file for one of its own bookings. The bytes go to the blob store first; if
 * the database then refuses the row, the bytes are removed again, so no file is left without a record.
 */
export async function uploadResult(db: Kysely<Database>, blobs: BlobStore, caller: Caller | null, input: UploadInput) {
  assertApprovedLab(caller);
  const contentType = checkResultFile(input.bytes);
  const booking = await repo.findBookingParties(db, input.bookingId);
  if (!booking || booking.lab_id !== caller.id) throw new AppError('NOT_FOUND', { entity: 'booking' });
  if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED');

  const storageKey = `${booking.id}/${crypto.randomUUID()}`;
  const fileName = safeFileName(input.fileName, contentType);
  const sha256 = await sha256Hex(input.bytes);
  await blobs.put(storageKey, input.bytes);
  try {
    const row = await db.transaction().execute(async (tx) => {
      const inserted = await repo.insertResultFile(tx, {
        booking_id: booking.id,
        uploaded_by: caller.id,
        storage_key: storageKey,
        file_name: fileName,
        content_type: contentType,
        size_bytes: input.bytes.byteLength,
        sha256,
      });
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
    await blobs.delete(storageKey);
    throw error;
  }
}

/**
 * The file for its booking's customer, its lab while approved, and any admin; anyone else is told it
 * does not exist. A lab whose approval is withdrawn keeps only its overview and settings, like every
 * gated lab procedure, and is told so. Every read is written to the audit log (who, when), and so is
 * every refused attempt by a signed-in user.
 */
export async function readResult(db: Kysely<Database>, blobs: BlobStore, caller: Caller | null, resultId: string) {
  if (!caller) throw new AppError('NOT_FOUND', { entity: 'result' });
  const file = await repo.findResultWithParties(db, resultId);
  const itsLab = file !== undefined && caller.user_type === 'lab' && file.lab_id === caller.id;
  const allowed =
    file !== undefined &&
    (caller.user_type === 'admin' || (caller.user_type === 'customer' && file.customer_id === caller.id) || (itsLab && caller.approved));
  if (!file || !allowed) {
    if (file) {
      await recordAudit(db, { actorId: caller.id, action: 'result.read_denied', subjectType: 'result_file', subjectId: file.id });
    }
    throw itsLab ? new AppError('LAB_NOT_APPROVED') : new AppError('NOT_FOUND', { entity: 'result' });
  }
  const bytes = await blobs.get(file.storage_key);
  if (!bytes) throw new AppError('NOT_FOUND', { entity: 'result' });
  await recordAudit(db, {
    actorId: caller.id,
    action: 'result.read',
    subjectType: 'result_file',
    subjectId: file.id,
    details: { bookingId: file.booking_id, role: caller.user_type },
  });
  return { bytes, fileName: file.file_name, contentType: file.content_type };
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
    .execute();
  return rows.map(presentResult);
}

/** Results the lab has uploaded for its bookings, newest first. */
export async function labResults(db: Kysely<Database>, labId: string) {
  const rows = await repo
    .resultsWithDetails(db)
    .where('lab_tests.lab_id', '=', labId)
    .orderBy('result_files.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(presentResult);
}

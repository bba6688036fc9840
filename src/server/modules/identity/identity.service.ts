import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { NAFATH_MIN_AGE, type NafathRequestStatus, type StartNafathInput } from '../../../shared/identity.ts';
import type { Locale } from '../../../shared/locale.ts';
import { ageOn, todayIn } from '../../../shared/time.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  type NafathCallbackBody,
  type NafathProvider,
  NafathRequestOpenError,
  NafathTokenRefused,
} from '../../platform/nafath/nafath-provider.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import * as repo from './identity.repository.ts';

// Identity verified by Nafath (issue #80 part 2, ADR 0096): an ID number is verified when its holder
// approved a Nafath request for it in the app, Nafath's signed callback gave their name, and the person
// confirmed that name is theirs. Nothing but insurance asks for a verified number (verifiedIdentityOf).

/** Nafath is asked for a waiting request's status at most this often, however often the page polls. */
const POLL_INTERVAL_MS = 3000;
/** After Nafath said "approved", its signed callback may come this long after the request's lifetime. */
const CALLBACK_GRACE_MS = 30_000;

/** A person's verified ID number, for the modules that need one (insurance). */
export interface VerifiedIdentity {
  nationalId: string;
  /** The name Nafath gave, in Arabic and English as it gave them; null for a child vouched for by their guardian. */
  verifiedName: { ar: string | null; en: string | null } | null;
  verifiedAt: Date;
  /** `nafath`: the person approved in Nafath; `guardian`: a child under 15, under the account holder's own verified identity. */
  by: 'nafath' | 'guardian';
}

/**
 * The verified ID number of the account holder (no `familyMemberId`) or of one of their family members;
 * null when it is not verified (or the member is not theirs). A member under 15 has no Nafath of their
 * own: their number as the holder gave it stands while the holder's own identity is verified (ADR 0096).
 */
export async function verifiedIdentityOf(
  db: Kysely<Database> | Transaction<Database>,
  person: { userId: string; familyMemberId?: string | null },
  today = todayIn('Asia/Riyadh'),
): Promise<VerifiedIdentity | null> {
  const holder = await repo.holderIdentity(db, person.userId);
  const holderVerified =
    holder?.national_id && holder.national_id_verified_at
      ? {
          nationalId: holder.national_id,
          verifiedName: { ar: holder.national_id_name_ar, en: holder.national_id_name_en },
          verifiedAt: new Date(holder.national_id_verified_at),
          by: 'nafath' as const,
        }
      : null;
  if (!person.familyMemberId) return holderVerified;
  const member = await repo.memberIdentity(db, person.userId, person.familyMemberId);
  if (!member?.national_id) return null;
  if (member.national_id_verified_at) {
    return {
      nationalId: member.national_id,
      verifiedName: { ar: member.national_id_name_ar, en: member.national_id_name_en },
      verifiedAt: new Date(member.national_id_verified_at),
      by: 'nafath',
    };
  }
  if (holderVerified && ageOn(member.date_of_birth, today) < NAFATH_MIN_AGE) {
    return { nationalId: member.national_id, verifiedName: null, verifiedAt: holderVerified.verifiedAt, by: 'guardian' };
  }
  return null;
}

/** The account holder's own number and whether Nafath verified it. */
export async function holderIdentity(db: Kysely<Database>, userId: string) {
  const row = await repo.holderIdentity(db, userId);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'user' });
  return {
    national_id: row.national_id,
    verified: row.national_id_verified_at
      ? {
          name_ar: row.national_id_name_ar,
          name_en: row.national_id_name_en,
          verified_at: new Date(row.national_id_verified_at).toISOString(),
        }
      : null,
  };
}

/** The account holder's number, typed in their settings; a changed number is no longer verified. */
export async function setHolderNationalId(db: Kysely<Database>, userId: string, nationalId: string, now = new Date()) {
  await repo.setHolderNationalId(db, userId, nationalId === '' ? null : nationalId, now);
  return holderIdentity(db, userId);
}

export interface StartContext {
  userId: string;
  locale: Locale;
  clientIp: string;
  lifetimeSeconds: number;
  log?: Logger;
}

/**
 * "Verify with Nafath" for the account holder or one of their members: the person confirmed the number
 * shown (it must still be the one on file), Nafath pushes a request to their app, and the number they are
 * to pick there comes back. A newer request for the same person replaces one still open; when Nafath itself
 * still holds the older one (one request per number at a time), that one is given back instead.
 */
export async function startNafath(
  db: Kysely<Database>,
  nafath: NafathProvider | null,
  input: StartNafathInput,
  context: StartContext,
  now = new Date(),
) {
  const person: repo.Person = { userId: context.userId, familyMemberId: input.familyMemberId ?? null };
  const onFile = await numberOnFile(db, person);
  if (onFile !== input.nationalId) throw new AppError('CONFLICT', { field: 'nationalId', reason: 'number_changed' });
  if (!nafath) throw new AppError('NAFATH_UNAVAILABLE');

  await consumeAttempt(db, `nafath-start:user:${context.userId}`, rateLimits.nafathStartPerUser, now);
  await consumeAttempt(db, `nafath-start:ip:${context.clientIp}`, rateLimits.nafathStartPerIp, now);
  await consumeAttempt(db, `nafath-start:id:${input.nationalId}`, rateLimits.nafathStartPerNationalId, now);

  const requestId = crypto.randomUUID();
  let started: { transId: string; random: string };
  try {
    started = await nafath.startRequest({ nationalId: input.nationalId, requestId, locale: context.locale });
  } catch (error) {
    if (error instanceof NafathRequestOpenError) {
      const open = await repo.openRequestFor(db, person, input.nationalId, now);
      if (open) return presentRequest(open);
      throw new AppError('NAFATH_REQUEST_OPEN', { lifetimeSeconds: context.lifetimeSeconds });
    }
    context.log?.warn({ err: error, provider: nafath.name }, 'Nafath did not take a request');
    throw new AppError('NAFATH_UNAVAILABLE');
  }
  const row = await db.transaction().execute(async (tx) => {
    // Under the account's lock: of two requests started at once for the same person, the later one stands.
    await repo.lockAccount(tx, context.userId);
    await repo.replaceOpenRequests(tx, person, now);
    return repo.insertRequest(tx, {
      id: requestId,
      person,
      nationalId: input.nationalId,
      transId: started.transId,
      random: started.random,
      expiresAt: new Date(now.getTime() + context.lifetimeSeconds * 1000),
    });
  });
  return presentRequest(row);
}

/** The person's number on file; a member who is not the caller's is NOT_FOUND, a child under 15 NAFATH_MINOR. */
async function numberOnFile(db: Kysely<Database>, person: repo.Person): Promise<string | null> {
  if (person.familyMemberId === null) return (await repo.holderIdentity(db, person.userId))?.national_id ?? null;
  const member = await repo.memberIdentity(db, person.userId, person.familyMemberId);
  if (!member) throw new AppError('NOT_FOUND', { entity: 'familyMember' });
  if (ageOn(member.date_of_birth, todayIn('Asia/Riyadh')) < NAFATH_MIN_AGE) throw new AppError('NAFATH_MINOR', { minAge: NAFATH_MIN_AGE });
  return member.national_id;
}

/**
 * Where the caller's request stands, asking Nafath while it waits (at most every few seconds). Nafath's
 * "completed" from this call is unsigned: the request waits on for the signed callback, which alone gives
 * the name. Anyone else's request is NOT_FOUND.
 */
export async function nafathStatus(
  db: Kysely<Database>,
  nafath: NafathProvider | null,
  caller: { userId: string; requestId: string; log?: Logger },
  now = new Date(),
) {
  let row = await repo.requestOf(db, caller.userId, caller.requestId);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'nafathRequest' });
  if (row.status === 'waiting') {
    const expiresAt = new Date(row.expires_at).getTime();
    if (row.approved_at ? now.getTime() >= expiresAt + CALLBACK_GRACE_MS : now.getTime() >= expiresAt) {
      await repo.moveRequest(db, row.id, 'waiting', { status: row.approved_at ? 'unanswered' : 'expired' }, now);
    } else if (nafath && now.getTime() < expiresAt && (await repo.claimPoll(db, row.id, now, POLL_INTERVAL_MS))) {
      try {
        const status = await nafath.requestStatus({ nationalId: row.national_id, transId: row.trans_id, random: row.random });
        if (status === 'REJECTED') await repo.moveRequest(db, row.id, 'waiting', { status: 'rejected' }, now);
        else if (status === 'EXPIRED') await repo.moveRequest(db, row.id, 'waiting', { status: 'expired' }, now);
        else if (status === 'COMPLETED') await repo.markApproved(db, row.id, now);
      } catch (error) {
        // The callback may still come; the page asks again.
        caller.log?.warn({ err: error, provider: nafath.name }, 'Nafath did not say a request’s status');
      }
    }
    row = (await repo.requestOf(db, caller.userId, caller.requestId)) ?? row;
  }
  return presentRequest(row);
}

/**
 * The person's answer to the name Nafath gave: theirs, and the number is verified with that name and
 * time; not theirs, and it is not (the request ends as a mismatch). The number must still be the one the
 * request was for.
 */
export async function confirmNafathName(
  db: Kysely<Database>,
  caller: { userId: string; requestId: string; matches: boolean },
  now = new Date(),
) {
  const row = await repo.requestOf(db, caller.userId, caller.requestId);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'nafathRequest' });
  if (row.status !== 'completed') throw new AppError('CONFLICT', { reason: 'not_completed', status: row.status });
  const person: repo.Person = { userId: row.user_id, familyMemberId: row.family_member_id };
  await db.transaction().execute(async (tx) => {
    if (!(await repo.moveRequest(tx, row.id, 'completed', { status: caller.matches ? 'confirmed' : 'mismatch' }, now))) {
      throw new AppError('CONFLICT', { reason: 'not_completed' });
    }
    if (!caller.matches) return;
    const verified = await repo.markVerified(tx, person, {
      nationalId: row.national_id,
      nameAr: row.name_ar,
      nameEn: row.name_en,
      at: now,
    });
    if (!verified) throw new AppError('CONFLICT', { field: 'nationalId', reason: 'number_changed' });
  });
  return presentRequest((await repo.requestOf(db, caller.userId, caller.requestId)) ?? row);
}

/** A callback turned away: its HTTP status and why (for the log; Nafath is told only the status). */
export class NafathCallbackRefused extends Error {
  override name = 'NafathCallbackRefused';
  constructor(
    readonly status: 400 | 401 | 404,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Nafath's callback: its token is checked against Nafath's keys and must name the transaction the body
 * and our request name (and the request's ID number, when it names one); then the request takes the
 * token's status, and on COMPLETED the person's names, which they are asked to confirm. A callback for a
 * request that has moved on changes nothing.
 */
export async function receiveNafathCallback(db: Kysely<Database>, nafath: NafathProvider, body: NafathCallbackBody, now = new Date()) {
  let claims: Awaited<ReturnType<NafathProvider['verifyCallbackToken']>>;
  try {
    claims = await nafath.verifyCallbackToken(body.token);
  } catch (error) {
    if (error instanceof NafathTokenRefused) throw new NafathCallbackRefused(401, error.message);
    throw error;
  }
  if (claims.transId !== body.transId) throw new NafathCallbackRefused(400, 'the token is for another transaction');
  const row = await repo.requestByTransaction(db, body.requestId, body.transId);
  if (!row) throw new NafathCallbackRefused(404, 'no such request');
  if (claims.nationalId !== null && claims.nationalId !== row.national_id)
    throw new NafathCallbackRefused(400, 'the token names another person');
  if (row.status !== 'waiting') return { changed: false };
  const next: { status: NafathRequestStatus; nameAr?: string | null; nameEn?: string | null } | null =
    claims.status === 'COMPLETED'
      ? claims.nameAr || claims.nameEn
        ? { status: 'completed', nameAr: claims.nameAr, nameEn: claims.nameEn }
        : { status: 'unanswered' }
      : claims.status === 'REJECTED'
        ? { status: 'rejected' }
        : claims.status === 'EXPIRED'
          ? { status: 'expired' }
          : null;
  if (!next) return { changed: false };
  return { changed: await repo.moveRequest(db, row.id, 'waiting', next, now) };
}

function presentRequest(row: repo.NafathRequestRow) {
  const status = row.status as NafathRequestStatus;
  return {
    request_id: row.id,
    family_member_id: row.family_member_id,
    national_id: row.national_id,
    status,
    random: row.random,
    expires_at: new Date(row.expires_at).toISOString(),
    /** Nafath said the person approved; its signed answer with the name is on its way. */
    approved: row.approved_at !== null,
    name: status === 'completed' || status === 'confirmed' || status === 'mismatch' ? { ar: row.name_ar, en: row.name_en } : null,
  };
}

/** For the account's data export: the holder's number and verification, and every Nafath request. */
export async function exportIdentity(db: Kysely<Database>, userId: string) {
  const [holder, requests] = await Promise.all([holderIdentity(db, userId), repo.allRequests(db, userId)]);
  return {
    holder,
    nafath_requests: requests.map((request) => ({
      ...request,
      created_at: new Date(request.created_at).toISOString(),
      expires_at: new Date(request.expires_at).toISOString(),
      updated_at: new Date(request.updated_at).toISOString(),
    })),
  };
}

/** For account deletion, in its transaction. */
export function eraseIdentity(tx: Transaction<Database>, userId: string) {
  return repo.eraseIdentity(tx, userId);
}

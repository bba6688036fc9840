import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { LAB_API_KEYS_ACTIVE_MAX } from '../../../shared/lab-api-key-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import * as repo from './lab-api-keys.repository.ts';

// The keys a lab's own laboratory information system sends results with (issue #53 item 3, ADR 0059).
// A key is `thk_` and 32 random bytes in lower-case base32: shown once, kept as its SHA-256 only, named,
// revocable, scoped to one lab. The results endpoints call authenticateLabApiKey and limitLabApiKey.

const KEY_PREFIX = 'thk_';
const KEY_BYTES = 32;
/** `thk_` and the 52 base32 characters of 32 bytes: anything else is not a key, and is refused unhashed. */
const KEY_SHAPE = /^thk_[a-z2-7]{52}$/;
/** How much of the key the list shows to tell keys apart: `thk_` and 8 characters (40 of its 256 bits). */
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
/** A key's last use is written at most this often: a busy system does not write a row per message. */
const LAST_USED_EVERY_MS = 60_000;
const AUTHORIZATION_MAX = 200;
const BEARER = /^Bearer +(\S+) *$/i;

export interface LabApiKeyView {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function generateKey(): string {
  const bytes = new Uint8Array(KEY_BYTES);
  crypto.getRandomValues(bytes);
  return KEY_PREFIX + encodeBase32LowerCaseNoPadding(bytes);
}

function hashOf(key: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(key)));
}

/** The lab's keys, working ones first; never a key or its hash. */
export async function listKeys(db: Kysely<Database>, labId: string): Promise<LabApiKeyView[]> {
  const rows = await repo.listKeys(db, labId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }));
}

/**
 * Makes a key for the lab under a name no other working key of it has, up to LAB_API_KEYS_ACTIVE_MAX
 * working at once. The key is in the answer and nowhere else, ever: the table keeps its SHA-256.
 * `createdBy` is the account that asked (null: an operator on the command line); both are audited.
 */
export async function createKey(
  db: Kysely<Database>,
  labId: string,
  name: string,
  createdBy: string | null,
): Promise<{ key: string; id: string; keys: LabApiKeyView[] }> {
  const key = generateKey();
  const id = await db.transaction().execute(async (tx) => {
    await repo.lockLab(tx, labId);
    if ((await repo.countActiveKeys(tx, labId)) >= LAB_API_KEYS_ACTIVE_MAX)
      throw new AppError('CONFLICT', { reason: 'api_key_limit', limit: LAB_API_KEYS_ACTIVE_MAX });
    if (await repo.nameInUse(tx, labId, name)) throw new AppError('CONFLICT', { reason: 'api_key_name_taken', field: 'name' });
    const saved = await repo.insertKey(tx, { labId, name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), secretHash: hashOf(key), createdBy });
    await recordAudit(tx, {
      actorId: createdBy,
      action: 'lab_api_key.create',
      subjectType: 'lab_api_key',
      subjectId: saved.id,
      details: { labId, name: saved.name, prefix: saved.prefix, via: createdBy ? 'dashboard' : 'command_line' },
    });
    return saved.id;
  });
  return { key, id, keys: await listKeys(db, labId) };
}

/** Revokes one of the lab's working keys at once: it authenticates nothing from now on. Answers the list. */
export async function revokeKey(db: Kysely<Database>, labId: string, actorId: string, id: string, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    const revoked = await repo.revokeKey(tx, labId, id, now);
    // Another lab's key, or one already revoked, is not found: the caller learns nothing about it.
    if (!revoked) throw new AppError('NOT_FOUND', { entity: 'lab_api_key' });
    await recordAudit(tx, {
      actorId,
      action: 'lab_api_key.revoke',
      subjectType: 'lab_api_key',
      subjectId: revoked.id,
      details: { labId, name: revoked.name, prefix: revoked.prefix },
    });
  });
  return listKeys(db, labId);
}

/**
 * For operators (`npm run lab:api-key`): a key for the lab whose account has this e-mail. NOT_FOUND for
 * no such account, FORBIDDEN (reason not_a_lab) for another kind of account, LAB_NOT_APPROVED for a lab
 * not approved yet.
 */
export async function createKeyForLabEmail(
  db: Kysely<Database>,
  input: { labEmail: string; name: string },
): Promise<{ key: string; id: string; labId: string }> {
  const account = await repo.findAccountByEmail(db, input.labEmail);
  if (!account) throw new AppError('NOT_FOUND', { entity: 'account' });
  if (account.user_type !== 'lab' || !account.lab_id) throw new AppError('FORBIDDEN', { reason: 'not_a_lab' });
  if (!account.approved) throw new AppError('LAB_NOT_APPROVED');
  const { key, id } = await createKey(db, account.lab_id, input.name, null);
  return { key, id, labId: account.lab_id };
}

/**
 * The lab a request's `Authorization: Bearer <key>` speaks for, or null: no header, not a key, unknown,
 * revoked, or the lab's account not approved (or deleted). The key is found by its SHA-256 through a
 * unique index: a guess's timing tells nothing about any stored key, since the attacker cannot choose
 * the hash a guess has (ADR 0059). Records the key's use at most once a minute.
 */
export async function authenticateLabApiKey(
  db: Kysely<Database>,
  authorizationHeader: string | undefined,
  now = new Date(),
): Promise<{ labId: string; keyId: string } | null> {
  if (!authorizationHeader || authorizationHeader.length > AUTHORIZATION_MAX) return null;
  const key = BEARER.exec(authorizationHeader.trim())?.[1];
  if (!key || !KEY_SHAPE.test(key)) return null;
  const found = await repo.findUsableKey(db, hashOf(key));
  if (!found) return null;
  const since = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (!found.last_used_at || found.last_used_at < since) await repo.touchKey(db, found.id, now, since);
  return { labId: found.lab_id, keyId: found.id };
}

/**
 * Counts one message against the key's limit (rateLimits.labApiKeyMessages, shared by every instance);
 * past it throws RATE_LIMITED with `retryAfterSeconds` in its details, for the endpoint's Retry-After.
 */
export async function limitLabApiKey(db: Kysely<Database>, keyId: string, now = new Date()): Promise<void> {
  await consumeAttempt(db, `lab-api-key:${keyId}`, rateLimits.labApiKeyMessages, now);
}

import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import type { passkeyRegistrationInput, passkeySignInInput } from '../../../shared/passkey-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { recordSignInMethodChange } from '../two-factor/two-factor.service.ts';
import * as repo from './passkeys.repository.ts';

// Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions/0025): a passkey is something the
// user holds, unlocked by their fingerprint, face or PIN (user verification, always required), so it is
// both factors at once. Every challenge is made and kept here, answered once, within CHALLENGE_MS.

const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = 'Tahaleel';
/** Enough for a phone, a laptop and a couple of security keys, and a bound on what one account keeps. */
const MAX_PASSKEYS = 10;

/** The relying party is the address users reach (PUBLIC_URL): its host names the passkeys, its origin must sign. */
export function relyingParty(env: Env) {
  const url = new URL(env.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin };
}

const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

/** The challenge a browser's answer says it signed, read from its clientDataJSON; null if unreadable. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(clientDataJSON)));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (stored: string) => (stored ? stored.split(',') : undefined);

export async function list(db: Kysely<Database>, userId: string) {
  const rows = await repo.listPasskeys(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  }));
}

/**
 * What the browser needs to make a passkey for this account (a guest, who has no account yet, cannot).
 * A passkey is both factors at once: the router asks for a recent proof that it is the owner first
 * (recentProofProcedure, docs/decisions/0025).
 */
export async function registrationOptions(db: Kysely<Database>, user: SessionUser, env: Env, now = new Date()) {
  if (user.is_anonymous) throw new AppError('FORBIDDEN');
  const existing = await repo.listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', { reason: 'passkey_limit', limit: MAX_PASSKEYS });
  const rp = relyingParty(env);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.email ?? user.name,
    userDisplayName: user.name,
    attestationType: 'none',
    timeout: CHALLENGE_MS,
    // The same authenticator twice would be one passkey under two names.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    // Discoverable (signs in without typing an address) and always unlocked by the user: both factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await repo.saveChallenge(db, {
    value: options.challenge,
    userId: user.id,
    purpose: 'register',
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
  return options;
}

/** Saves the passkey the browser made for the challenge this account was given; answers the list. */
export async function register(
  db: Kysely<Database>,
  user: SessionUser,
  input: z.output<typeof passkeyRegistrationInput>,
  env: Env,
  now = new Date(),
) {
  const userId = user.id;
  const challenge = answeredChallenge(input.response.response.clientDataJSON);
  if (!challenge || !(await repo.spendChallenge(db, challenge, 'register', userId, now))) throw new AppError('PASSKEY_FAILED');
  const rp = relyingParty(env);
  const verification = await verifyRegistrationResponse({
    // We ask for no extension, so none of their outputs is read.
    response: { ...input.response, clientExtensionResults: {} },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('PASSKEY_FAILED');
  const { credential } = verification.registrationInfo;
  if ((await repo.countPasskeys(db, userId)) >= MAX_PASSKEYS)
    throw new AppError('CONFLICT', { reason: 'passkey_limit', limit: MAX_PASSKEYS });
  await db.transaction().execute(async (tx) => {
    const saved = await repo.insertPasskey(tx, {
      id: credential.id,
      userId,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    });
    if (!saved) throw new AppError('CONFLICT', { reason: 'passkey_registered' });
    await recordSignInMethodChange(tx, userId, { change: 'passkey_added', passkeyName: input.name });
  });
  return list(db, userId);
}

export async function remove(db: Kysely<Database>, userId: string, id: string) {
  await db.transaction().execute(async (tx) => {
    const name = await repo.deletePasskey(tx, userId, id);
    if (name === null) throw new AppError('NOT_FOUND', { entity: 'passkey' });
    await recordSignInMethodChange(tx, userId, { change: 'passkey_removed', passkeyName: name });
  });
  return list(db, userId);
}

/**
 * Removes every passkey of the account, as a proof of the address that came after them does
 * (docs/decisions/0016); answers their names for the caller, in its transaction, to tell the owner.
 */
export function removeBeforeAddressProof(tx: Transaction<Database>, userId: string): Promise<string[]> {
  return repo.deletePasskeysOf(tx, userId);
}

/** A challenge for signing in with any passkey of this site (the browser offers the ones it has). */
export async function signInOptions(db: Kysely<Database>, clientIp: string, env: Env, now = new Date()) {
  await consumeAttempt(db, `passkey-challenge:ip:${clientIp}`, rateLimits.signInPerIp);
  const options = await generateAuthenticationOptions({ rpID: relyingParty(env).id, userVerification: 'required', timeout: CHALLENGE_MS });
  await repo.saveChallenge(db, {
    value: options.challenge,
    userId: null,
    purpose: 'sign_in',
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
  return options;
}

/**
 * The account a passkey's signature opens: the challenge must be one of ours, unanswered and fresh;
 * the credential registered; the signature good for this site's origin and RP ID with the user
 * verified; and the signature counter past the one last seen. Anything else is PASSKEY_FAILED, and
 * says no more. An admin signs in from the admin login only, as with a password.
 */
export async function signIn(
  db: Kysely<Database>,
  input: z.output<typeof passkeySignInInput>,
  clientIp: string,
  env: Env,
  now = new Date(),
): Promise<string> {
  await consumeAttempt(db, `sign-in:ip:${clientIp}`, rateLimits.signInPerIp);
  const { response } = input;
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await repo.spendChallenge(db, challenge, 'sign_in', null, now))) throw new AppError('PASSKEY_FAILED');
  const passkey = await repo.findPasskey(db, response.id);
  if (!passkey) throw new AppError('PASSKEY_FAILED');
  // The authenticator names the account it made the passkey for; it must be the passkey's owner.
  if (response.response.userHandle && response.response.userHandle !== encodeBase64urlNoPadding(userHandleOf(passkey.user_id))) {
    throw new AppError('PASSKEY_FAILED');
  }
  const rp = relyingParty(env);
  const verification = await verifyAuthenticationResponse({
    response: { ...response, clientExtensionResults: {} },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.sign_count),
      transports: transportsOf(passkey.transports),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('PASSKEY_FAILED');
  if (!(await repo.recordUse(db, passkey.id, verification.authenticationInfo.newCounter, now))) throw new AppError('PASSKEY_FAILED');
  const role = await repo.accountRole(db, passkey.user_id);
  if (!role) throw new AppError('PASSKEY_FAILED');
  if (input.admin && role !== 'admin') throw new AppError('ADMIN_ONLY_LOGIN');
  if (!input.admin && role === 'admin') throw new AppError('USE_ADMIN_LOGIN');
  return passkey.user_id;
}

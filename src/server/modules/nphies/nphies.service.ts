import type { Bundle, ClaimResponse, CoverageEligibilityResponse } from '@medplum/fhirtypes';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
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
import { claimMessage, priorAuthMessage } from './claim-message.ts';
import { eligibilityMessage } from './eligibility-message.ts';
import * as repo from './nphies.repository.ts';
import {
  type ClaimAsk,
  claimAskSchema,
  type EligibilityAsk,
  eligibilityAskSchema,
  labSettingsSchema,
  type NphiesLabSettings,
  type PriorAuthAsk,
  priorAuthAskSchema,
} from './nphies-asks.ts';
import { type EndpointPolicy, endpointPolicyOf, isEndpointAllowed } from './nphies-endpoints.ts';
import type { NphiesResponseEvent } from './nphies-message.ts';
import {
  answerOf,
  type ClaimOutcome,
  type EligibilityOutcome,
  NphiesRefusal,
  type PriorAuthOutcome,
  readClaim,
  readEligibility,
  readPriorAuth,
} from './nphies-response.ts';
import { NphiesNetworkError, type NphiesTransport, nodeNphiesTransport } from './nphies-transport.ts';

/**
 * The NPHIES message exchange (issue #80, ADR 0097): other modules call these with a lab's NPHIES
 * settings and a plain ask; each builds the guide's message, stores the exchange sealed, sends it once
 * per message id (network failures retried with backoff inside NPHIES_TIMEOUT_MS), and reads the answer
 * into a plain outcome. Sending a message id again returns the stored answer (or its stored failure).
 */

export type { ClaimAsk, EligibilityAsk, NphiesLabSettings, NphiesParties, PriorAuthAsk } from './nphies-asks.ts';
export { endpointPolicyOf, isEndpointAllowed } from './nphies-endpoints.ts';
export type { ClaimOutcome, EligibilityOutcome, PriorAuthOutcome } from './nphies-response.ts';

export interface NphiesOptions {
  /** The whole exchange's limit, retries and waits included (NPHIES_TIMEOUT_MS). */
  timeoutMs: number;
  /** The hosts a lab's endpoint may be on (NPHIES_ENDPOINT_HOSTS): nothing is sent elsewhere. */
  endpoints: EndpointPolicy;
  transport?: NphiesTransport;
  /** Tries when the network fails (or NPHIES answers 502/503/504); 3 by default. */
  attempts?: number;
  /** The wait before the second try, doubled before each later one; 500 ms by default. */
  backoffMs?: number;
}

/** The lab whose identity sends the message: its id (labs.id) and its NPHIES settings. */
export interface NphiesLab {
  labId: string;
  settings: NphiesLabSettings;
}

export interface NphiesAnswer<Outcome> {
  exchangeId: string;
  messageId: string;
  /** True when this message id had been answered before and the stored answer is given again. */
  replayed: boolean;
  outcome: Outcome;
}

export function nphiesOptionsFromEnv(env: Pick<Env, 'NPHIES_TIMEOUT_MS' | 'NPHIES_ENDPOINT_HOSTS'>): NphiesOptions {
  return { timeoutMs: env.NPHIES_TIMEOUT_MS, endpoints: endpointPolicyOf(env) };
}

/** Coverage before paying: the patient's policy on the visit's day, and each test's coverage and share. */
export async function checkEligibility(
  db: Kysely<Database>,
  keys: ResultKeys,
  lab: NphiesLab,
  ask: EligibilityAsk,
  options: NphiesOptions,
): Promise<NphiesAnswer<EligibilityOutcome>> {
  const valid = checked(eligibilityAskSchema, ask, lab);
  return exchange(db, keys, lab, options, {
    kind: 'eligibility',
    messageId: valid.messageId,
    bookingReference: null,
    build: () => eligibilityMessage(valid),
    event: 'eligibility-response',
    read: (focal) => readEligibility(focal as CoverageEligibilityResponse, valid.items),
    outcomeCode: eligibilityOutcomeCode,
  });
}

/** A prior authorization for tests the eligibility answer said need one. */
export async function requestPriorAuthorization(
  db: Kysely<Database>,
  keys: ResultKeys,
  lab: NphiesLab,
  ask: PriorAuthAsk,
  options: NphiesOptions,
): Promise<NphiesAnswer<PriorAuthOutcome>> {
  const valid = checked(priorAuthAskSchema, ask, lab);
  return exchange(db, keys, lab, options, {
    kind: 'priorauth',
    messageId: valid.messageId,
    bookingReference: valid.bookingReference,
    build: () => priorAuthMessage(valid),
    event: 'priorauth-response',
    read: (focal) => readPriorAuth(focal as ClaimResponse),
    outcomeCode: (outcome) => outcome.status,
  });
}

/** The claim after the visit, with the released results; a corrected claim names the one it replaces. */
export async function submitClaim(
  db: Kysely<Database>,
  keys: ResultKeys,
  lab: NphiesLab,
  ask: ClaimAsk,
  options: NphiesOptions,
): Promise<NphiesAnswer<ClaimOutcome>> {
  const valid = checked(claimAskSchema, ask, lab);
  return exchange(db, keys, lab, options, {
    kind: 'claim',
    messageId: valid.messageId,
    bookingReference: valid.bookingReference,
    build: () => claimMessage(valid),
    event: 'claim-response',
    read: (focal) => readClaim(focal as ClaimResponse),
    outcomeCode: (outcome) => outcome.status,
  });
}

export interface ExchangeSummary {
  id: string;
  kind: repo.ExchangeKind;
  messageId: string;
  bookingReference: string | null;
  state: 'sending' | 'answered' | 'failed';
  httpStatus: number | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  attempts: number;
  /** eligibility: covered, prior-auth-required, not-covered, not-eligible; otherwise the outcome's status. */
  outcome: string | null;
  /** timeout, network, or NPHIES's error codes after `refused:`. */
  error: string | null;
}

export interface StoredExchange extends ExchangeSummary {
  /** The message sent. */
  request: Bundle;
  /** NPHIES's answer as it came (JSON, or the text when it was not JSON); null while sending or without one. */
  response: unknown;
}

/** A lab's exchange by its message id, opened; null when it is another lab's or there is none. */
export async function storedExchange(
  db: Kysely<Database>,
  keys: ResultKeys,
  labId: string,
  messageId: string,
): Promise<StoredExchange | null> {
  const row = await repo.findExchange(db, messageId);
  if (!row || row.lab_id !== labId) return null;
  const document = await openExchange(keys, row);
  return { ...summaryOf(row), request: document.request, response: document.response ?? null };
}

/** A booking's exchanges with NPHIES, oldest first, without their contents. */
export async function bookingExchanges(db: Kysely<Database>, labId: string, bookingReference: string): Promise<ExchangeSummary[]> {
  return (await repo.exchangesOfBooking(db, labId, bookingReference)).map(summaryOf);
}

// ——— the exchange ———

interface ExchangePlan<Outcome> {
  kind: repo.ExchangeKind;
  messageId: string;
  bookingReference: string | null;
  build: () => Bundle;
  event: NphiesResponseEvent;
  read: (focal: CoverageEligibilityResponse | ClaimResponse) => Outcome;
  outcomeCode: (outcome: Outcome) => string;
}

interface ExchangeDocument {
  request: Bundle;
  response?: unknown;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 500;
/** NPHIES's own answers that say "not now" rather than "no": tried again like a network failure. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

function checked<T extends { provider: { license: string } }>(schema: z.ZodType<T>, ask: T, lab: NphiesLab): T {
  const parsedAsk = schema.safeParse(ask);
  const parsedSettings = labSettingsSchema.safeParse(lab.settings);
  if (!parsedAsk.success || !parsedSettings.success) {
    const issues = [...(parsedAsk.error?.issues ?? []), ...(parsedSettings.error?.issues ?? [])];
    throw new AppError('VALIDATION_FAILED', { issues: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
  }
  if (parsedAsk.data.provider.license !== parsedSettings.data.providerLicense) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'provider.license', message: "not the lab's NPHIES provider license" }] });
  }
  return parsedAsk.data;
}

function eligibilityOutcomeCode(outcome: EligibilityOutcome): string {
  if (!outcome.eligible) return 'not-eligible';
  if (outcome.items.some((item) => item.coverage === 'prior-auth-required')) return 'prior-auth-required';
  if (outcome.items.every((item) => item.coverage === 'not-covered')) return 'not-covered';
  return 'covered';
}

async function exchange<Outcome>(
  db: Kysely<Database>,
  keys: ResultKeys,
  lab: NphiesLab,
  options: NphiesOptions,
  plan: ExchangePlan<Outcome>,
): Promise<NphiesAnswer<Outcome>> {
  const earlier = await repo.findExchange(db, plan.messageId);
  if (earlier) return replay(db, keys, lab, options, plan, earlier);
  if (!isEndpointAllowed(lab.settings.endpointUrl, options.endpoints))
    throw new AppError('NPHIES_SETTINGS_REFUSED', { reason: 'endpoint_not_allowed' });

  const id = crypto.randomUUID();
  const request = plan.build();
  const claimed = await repo.claimExchange(
    db,
    { id, labId: lab.labId, kind: plan.kind, messageId: plan.messageId, bookingReference: plan.bookingReference },
    await seal(keys, id, { request }),
  );
  if (!claimed) {
    // Another caller claimed the message id between the look and the claim: its exchange is the one.
    const winner = await repo.findExchange(db, plan.messageId);
    if (winner) return replay(db, keys, lab, options, plan, winner);
    throw new AppError('CONFLICT', { messageId: plan.messageId });
  }

  const startedAt = Date.now();
  const finish = async (end: {
    state: 'answered' | 'failed';
    httpStatus: number | null;
    outcome: string | null;
    error: string | null;
    response?: unknown;
  }) =>
    repo.finishExchange(db, id, {
      ...end,
      durationMs: Date.now() - startedAt,
      sealed: end.response === undefined ? null : await seal(keys, id, { request, response: end.response }),
    });

  let answer: { status: number; body: string };
  try {
    answer = await send(db, id, lab.settings, JSON.stringify(request), options);
  } catch (error) {
    if (!(error instanceof ExchangeTimedOut)) throw error;
    await finish({ state: 'failed', httpStatus: null, outcome: null, error: error.reason });
    throw new AppError('NPHIES_TIMEOUT', { messageId: plan.messageId, reason: error.reason });
  }

  const response = parseBody(answer.body);
  try {
    const outcome = readAnswer(plan, response);
    await finish({ state: 'answered', httpStatus: answer.status, outcome: plan.outcomeCode(outcome), error: null, response });
    return { exchangeId: id, messageId: plan.messageId, replayed: false, outcome };
  } catch (error) {
    if (!(error instanceof NphiesRefusal)) throw error;
    await finish({ state: 'failed', httpStatus: answer.status, outcome: null, error: refusalCode(error), response });
    throw refusalError(plan.messageId, error);
  }
}

/** The stored exchange of a message id sent before: its answer, its failure, or "still on its way". */
async function replay<Outcome>(
  db: Kysely<Database>,
  keys: ResultKeys,
  lab: NphiesLab,
  options: NphiesOptions,
  plan: ExchangePlan<Outcome>,
  row: repo.ExchangeRow,
): Promise<NphiesAnswer<Outcome>> {
  if (row.lab_id !== lab.labId || row.kind !== plan.kind) throw new AppError('CONFLICT', { messageId: plan.messageId });
  if (row.state === 'sending') {
    const startedAt = new Date(row.started_at).getTime();
    // A sender that died mid-exchange leaves its row sending; past twice the limit, it failed.
    if (Date.now() - startedAt < 2 * options.timeoutMs)
      throw new AppError('CONFLICT', { messageId: plan.messageId, reason: 'in-progress' });
    await repo.finishExchange(db, row.id, {
      state: 'failed',
      httpStatus: null,
      outcome: null,
      error: 'timeout',
      durationMs: Date.now() - startedAt,
      sealed: null,
    });
    throw new AppError('NPHIES_TIMEOUT', { messageId: plan.messageId, reason: 'timeout' });
  }
  if (row.error === 'timeout' || row.error === 'network') {
    throw new AppError('NPHIES_TIMEOUT', { messageId: plan.messageId, reason: row.error });
  }
  const document = await openExchange(keys, row);
  try {
    const outcome = readAnswer(plan, document.response);
    return { exchangeId: row.id, messageId: plan.messageId, replayed: true, outcome };
  } catch (error) {
    if (error instanceof NphiesRefusal) throw refusalError(plan.messageId, error);
    throw error;
  }
}

function readAnswer<Outcome>(plan: ExchangePlan<Outcome>, response: unknown): Outcome {
  return plan.read(answerOf(response, plan.event, plan.messageId));
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const refusalCode = (refusal: NphiesRefusal) => `refused:${refusal.issues.map((issue) => issue.code).join(',')}`.slice(0, 500);

const refusalError = (messageId: string, refusal: NphiesRefusal) =>
  new AppError('NPHIES_ERROR', { messageId, issues: refusal.issues.map((issue) => ({ code: issue.code, display: issue.display })) });

class ExchangeTimedOut extends Error {
  constructor(readonly reason: 'timeout' | 'network') {
    super(`NPHIES exchange ended: ${reason}`);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the message, trying again after a network failure (or 502/503/504) with a doubling wait, all
 * within the exchange's time limit: out of time, or out of tries, it ends as `ExchangeTimedOut`.
 */
async function send(db: Kysely<Database>, id: string, settings: NphiesLabSettings, body: string, options: NphiesOptions) {
  const transport = options.transport ?? nodeNphiesTransport;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const deadline = Date.now() + options.timeoutMs;
  let backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    await repo.countAttempt(db, id);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new ExchangeTimedOut('timeout');
    let failed: 'network' | 'unavailable';
    try {
      const answer = await transport({ url: settings.endpointUrl, body, settings, signal: AbortSignal.timeout(remaining) });
      if (!RETRIED_STATUSES.has(answer.status)) return answer;
      failed = 'unavailable';
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new ExchangeTimedOut('timeout');
      if (!(error instanceof NphiesNetworkError)) throw error;
      failed = 'network';
    }
    if (attempt >= attempts) throw new ExchangeTimedOut(failed === 'network' ? 'network' : 'timeout');
    if (Date.now() + backoff >= deadline) throw new ExchangeTimedOut('timeout');
    await wait(backoff);
    backoff *= 2;
  }
}

// ——— sealing ———

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function keyringOf(keys: ResultKeys): Keyring {
  if (!keys.keyring) throw new Error('RESULTS_ENCRYPTION_KEY is not set: NPHIES exchanges can be neither sealed nor opened');
  return keys.keyring;
}

/** The storage key an exchange is sealed to: moved to another row, it does not open. */
const exchangeKey = (id: string) => `nphies/${id}`;

function seal(keys: ResultKeys, id: string, document: ExchangeDocument) {
  return sealFile(keyringOf(keys), exchangeKey(id), encoder.encode(JSON.stringify(document)));
}

const sealOf = (row: { seal_version: number; key_id: string; wrapped_key: Uint8Array; iv: Uint8Array }): Seal => ({
  version: row.seal_version,
  keyId: row.key_id,
  wrappedKey: row.wrapped_key,
  iv: row.iv,
});

async function openExchange(keys: ResultKeys, row: repo.ExchangeRow): Promise<ExchangeDocument> {
  try {
    const bytes = await openFile(keyringOf(keys), exchangeKey(row.id), row.sealed_exchange, sealOf(row));
    return JSON.parse(decoder.decode(bytes)) as ExchangeDocument;
  } catch (error) {
    if (error instanceof SealBrokenError) throw new AppError('RESULT_DAMAGED', { exchangeId: row.id });
    throw error;
  }
}

function summaryOf(row: Omit<repo.ExchangeRow, 'sealed_exchange' | 'seal_version' | 'key_id' | 'wrapped_key' | 'iv'>): ExchangeSummary {
  const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    kind: row.kind,
    messageId: row.message_id,
    bookingReference: row.booking_reference,
    state: row.state,
    httpStatus: row.http_status,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: instant(row.finished_at),
    durationMs: row.duration_ms,
    attempts: row.attempts,
    outcome: row.outcome,
    error: row.error,
  };
}

export interface ExchangeRotationReport {
  rewrapped: number;
  alreadyCurrent: number;
  damaged: string[];
}

/** Re-wraps every exchange's data key under the current master key (`npm run keys:rotate`); the sealed bytes stay. */
export async function rotateExchangeKeys(db: Kysely<Database>, keyring: Keyring): Promise<ExchangeRotationReport> {
  const perKey = await repo.exchangesPerKey(db);
  const unknown = perKey.flatMap((row) => (keyring.byId.has(row.key_id) ? [] : [row.key_id]));
  if (unknown.length > 0) throw new UnknownKeyError(unknown, 'NPHIES exchanges');
  const sealedExchanges: SealedTable<{ id: string; key_id: string; seal_version: number; wrapped_key: Uint8Array; iv: Uint8Array }> = {
    table: 'nphies_exchanges',
    id: 'id',
    sealed: ['seal_version', 'wrapped_key', 'iv'],
    clear: 'leave',
    batch: 200,
    reseal: async (row) => repo.replaceExchangeKey(db, row.id, row.key_id, await rewrapDataKey(keyring, sealOf(row))),
  };
  const { resealed, damaged } = await resealTable(db, sealedExchanges, keyring.current.id);
  return {
    rewrapped: resealed,
    alreadyCurrent: Number(perKey.find((row) => row.key_id === keyring.current.id)?.exchanges ?? 0),
    damaged,
  };
}

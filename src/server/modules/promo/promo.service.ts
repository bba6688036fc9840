import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import { type PromoRefusal, promoShares } from '../../../shared/promo.ts';
import type { SavePromoInput } from '../../../shared/promo-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { assertNotRefused, consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import * as repo from './promo.repository.ts';
import { scopeNamesOf } from './promo-scope.service.ts';

// Promo codes (issue #79 item 4, ADR 0092): the admin's codes and a basket's discount by one.

/** A refused code: PROMO_REFUSED with why, and what the customer needs to know to fix it. */
export function refusedPromo(reason: PromoRefusal, details: Record<string, unknown> = {}): AppError {
  return new AppError('PROMO_REFUSED', { reason, ...details });
}

/** The reasons reserve_promo_use gives as TA006's DETAIL (migrations/functions/promo.sql). */
export const PROMO_REFUSED_STATE = 'TA006';
export function refusalOfState(detail: string | undefined): AppError {
  const known: PromoRefusal[] = ['inactive', 'not_started', 'expired', 'used_up', 'already_used', 'first_order_only'];
  return refusedPromo(known.includes(detail as PromoRefusal) ? (detail as PromoRefusal) : 'inactive');
}

/** A line of a basket a code may discount: what the code may take off it, and what it is. */
export interface PromoLine {
  amount_halalas: number;
  lab_id: string;
  test_id: number;
}

/**
 * What a code is asked to discount: a lab-test checkout's tests (each with its lab and test), or a store
 * order's lines or a plan's first month (amounts alone: no lab bears them).
 */
export type PromoBasket = { kind: 'lab_tests'; lines: PromoLine[] } | { kind: 'store' | 'plans'; amounts: number[] };

export interface AppliedPromo {
  id: string;
  code: string;
  paid_by: 'platform' | 'lab';
  /** Each line's share of the discount, in the basket's order. */
  shares: number[];
}

type PromoRow = NonNullable<Awaited<ReturnType<typeof repo.findPromoByCode>>>;

/**
 * What each line of the basket costs that the code covers (0: not covered). A store order or a plan is
 * covered by a code for all or for it, paid by the platform (a lab bears only its own tests' share).
 */
async function coveredAmounts(db: Kysely<Database>, promo: PromoRow, basket: PromoBasket): Promise<number[]> {
  if (basket.kind !== 'lab_tests') {
    const covers = (promo.applies_to === 'all' || promo.applies_to === basket.kind) && promo.paid_by === 'platform';
    return basket.amounts.map((amount) => (covers ? amount : 0));
  }
  const { lines } = basket;
  if (promo.applies_to === 'store' || promo.applies_to === 'plans') return lines.map(() => 0);
  const packages =
    promo.applies_to === 'packages'
      ? await repo.packageIds(
          db,
          lines.map((line) => line.test_id),
        )
      : null;
  const covers = (line: PromoLine) => {
    switch (promo.applies_to) {
      case 'labs':
        return promo.lab_ids.includes(line.lab_id);
      case 'tests':
        return promo.test_ids.includes(line.test_id);
      case 'packages':
        return packages!.has(line.test_id);
      default:
        return true;
    }
  };
  return lines.map((line) => (covers(line) ? line.amount_halalas : 0));
}

/**
 * A basket (lab tests, a store order, a plan's first month) priced by a code, or PROMO_REFUSED saying why:
 * the one check of a code for every checkout. Codes are secrets a client may guess: a code that does not
 * exist counts against the client's address and the customer (rateLimits.promoCodeGuesses*), as sign-in's
 * wrong passwords do, and past the limit every check is RATE_LIMITED. The uses are counted here for an
 * early answer, leaving out the use the order being priced already holds (reserve_promo_use replaces it: a
 * code typed again on the order that has it is not "already used"); the order's reservation (under the
 * code's lock) decides.
 */
export async function pricePromo(
  db: Kysely<Database>,
  client: { customerId: string; address: string },
  code: string,
  basket: PromoBasket,
  now: Date,
  order?: repo.PromoOrder,
): Promise<AppliedPromo> {
  const keys = [`promo-code:${client.address}`, `promo-code-customer:${client.customerId}`];
  for (const key of keys) assertNotRefused(key, now);
  const promo = await repo.findPromoByCode(db, code);
  if (!promo) {
    if (client.address !== 'unknown') await consumeAttempt(db, keys[0]!, rateLimits.promoCodeGuessesPerIp, now);
    await consumeAttempt(db, keys[1]!, rateLimits.promoCodeGuessesPerCustomer, now);
    throw refusedPromo('not_found');
  }
  if (!promo.active) throw refusedPromo('inactive');
  if (promo.starts_at && now < new Date(promo.starts_at))
    throw refusedPromo('not_started', { startsAt: new Date(promo.starts_at).toISOString() });
  if (promo.ends_at && now >= new Date(promo.ends_at)) throw refusedPromo('expired');
  const eligible = await coveredAmounts(db, promo, basket);
  if (eligible.every((amount) => amount === 0)) throw refusedPromo('not_applicable', { basket: basket.kind });
  const shares = promoShares(
    { kind: promo.kind, amount: promo.amount, cap_halalas: promo.cap_halalas, min_basket_halalas: promo.min_basket_halalas },
    eligible,
  );
  if (!shares) throw refusedPromo('min_basket', { minBasket: halalasToSar(promo.min_basket_halalas), basket: basket.kind });
  const uses = await repo.usesOf(db, promo.id, client.customerId, now, order);
  if (promo.max_uses !== null && uses.all >= promo.max_uses) throw refusedPromo('used_up');
  if (uses.mine >= promo.max_uses_per_customer) throw refusedPromo('already_used');
  if (promo.first_order_only && (await repo.customerHasOrdered(db, client.customerId))) throw refusedPromo('first_order_only');
  return { id: promo.id, code: promo.code, paid_by: promo.paid_by, shares };
}

/** The customer's lab-test basket priced by a code (pricePromo). */
export function bookingPromo(
  db: Kysely<Database>,
  client: { customerId: string; address: string },
  code: string,
  lines: PromoLine[],
  now: Date,
): Promise<AppliedPromo> {
  return pricePromo(db, client, code, { kind: 'lab_tests', lines }, now);
}

/**
 * Reserves the order's use of a code (or drops it, with a null code) in the caller's transaction, under
 * the code's row lock; a refusal is PROMO_REFUSED with its reason, and the transaction should end.
 */
export async function reservePromoUse(tx: Transaction<Database>, use: Parameters<typeof repo.reserveUse>[1]) {
  try {
    await repo.reserveUse(tx, use);
  } catch (error) {
    if ((error as { code?: string }).code === PROMO_REFUSED_STATE) throw refusalOfState((error as { detail?: string }).detail);
    throw error;
  }
}

/**
 * The admin's list of codes, amounts in SAR (a percentage as it is), each with the labs and the tests or
 * packages it is limited to, named (one that no longer exists is left out of these, not of the ids).
 */
export async function listPromos(db: Kysely<Database>) {
  const rows = await repo.listPromos(db);
  const named = await scopeNamesOf(db, rows);
  const known = <Id, Row>(ids: Id[], rows: Map<Id, Row>) => ids.flatMap((id) => rows.get(id) ?? []);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === 'percent' ? row.amount : halalasToSar(row.amount),
    cap: row.cap_halalas === null ? null : halalasToSar(row.cap_halalas),
    minBasket: halalasToSar(row.min_basket_halalas),
    appliesTo: row.applies_to,
    labIds: row.lab_ids,
    testIds: row.test_ids,
    labs: known(row.lab_ids, named.labs),
    tests: known(row.test_ids, named.tests),
    startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
    endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    firstOrderOnly: row.first_order_only,
    paidBy: row.paid_by,
    active: row.active,
    uses: row.uses,
    discounted: halalasToSar(row.discounted_halalas),
  }));
}

/** Creates or changes a code; its text is unique (CONFLICT otherwise). Audited. */
export async function savePromo(db: Kysely<Database>, adminId: string, input: SavePromoInput) {
  return db.transaction().execute(async (tx) => {
    if (await repo.codeTaken(tx, input.code, input.id ?? null)) throw new AppError('CONFLICT', { field: 'code' });
    const row = {
      code: input.code,
      kind: input.kind,
      amount: input.kind === 'percent' ? input.amount : sarToHalalas(input.amount),
      cap_halalas: input.cap === null ? null : sarToHalalas(input.cap),
      min_basket_halalas: sarToHalalas(input.minBasket),
      applies_to: input.appliesTo,
      lab_ids: input.appliesTo === 'labs' ? input.labIds : [],
      test_ids: input.appliesTo === 'tests' ? input.testIds : [],
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      max_uses: input.maxUses,
      max_uses_per_customer: input.maxUsesPerCustomer,
      first_order_only: input.firstOrderOnly,
      paid_by: input.paidBy,
      active: input.active,
    };
    const saved = input.id ? await repo.updatePromo(tx, input.id, row) : await repo.insertPromo(tx, { ...row, created_by: adminId });
    if (!saved) throw new AppError('NOT_FOUND', { entity: 'promo' });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'promo.save',
      subjectType: 'promo',
      subjectId: saved.id,
      details: { code: input.code, created: !input.id },
    });
    return { id: saved.id };
  });
}

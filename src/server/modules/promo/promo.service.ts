import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import { type PromoRefusal, promoShares } from '../../../shared/promo.ts';
import type { SavePromoInput } from '../../../shared/promo-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { assertNotRefused, consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import * as repo from './promo.repository.ts';

// Promo codes (issue #79 item 4, ADR 0092): the admin's codes and a basket's discount by one.

/** A refused code: PROMO_REFUSED with why, and what the customer needs to know to fix it. */
function refused(reason: PromoRefusal, details: Record<string, unknown> = {}): AppError {
  return new AppError('PROMO_REFUSED', { reason, ...details });
}

/** The reasons reserve_promo_redemption gives as TA006's DETAIL (migrations/functions/promo.sql). */
export const PROMO_REFUSED_STATE = 'TA006';
export function refusalOfState(detail: string | undefined): AppError {
  const known: PromoRefusal[] = ['inactive', 'not_started', 'expired', 'used_up', 'already_used', 'first_order_only'];
  return refused(known.includes(detail as PromoRefusal) ? (detail as PromoRefusal) : 'inactive');
}

/** A line of a basket a code may discount: what the code may take off it, and what it is. */
export interface PromoLine {
  amount_halalas: number;
  lab_id: string;
  test_id: number;
}

export interface AppliedPromo {
  id: string;
  code: string;
  paid_by: 'platform' | 'lab';
  /** Each line's share of the discount, in the basket's order. */
  shares: number[];
}

/**
 * The customer's lab-test basket priced by a code, or PROMO_REFUSED saying why. Codes are secrets a
 * client may guess: a code that does not exist counts against the client's address and the customer
 * (rateLimits.promoCodeGuesses*), as sign-in's wrong passwords do, and past the limit every check is
 * RATE_LIMITED. The uses are counted here for an early answer; the claim of the checkout reserves one
 * under the code's lock and decides (reserve_promo_redemption).
 */
export async function bookingPromo(
  db: Kysely<Database>,
  client: { customerId: string; address: string },
  code: string,
  lines: PromoLine[],
  now: Date,
): Promise<AppliedPromo> {
  const keys = [`promo-code:${client.address}`, `promo-code-customer:${client.customerId}`];
  for (const key of keys) assertNotRefused(key, now);
  const promo = await repo.findPromoByCode(db, code);
  if (!promo) {
    if (client.address !== 'unknown') await consumeAttempt(db, keys[0]!, rateLimits.promoCodeGuessesPerIp, now);
    await consumeAttempt(db, keys[1]!, rateLimits.promoCodeGuessesPerCustomer, now);
    throw refused('not_found');
  }
  if (!promo.active) throw refused('inactive');
  if (promo.starts_at && now < new Date(promo.starts_at))
    throw refused('not_started', { startsAt: new Date(promo.starts_at).toISOString() });
  if (promo.ends_at && now >= new Date(promo.ends_at)) throw refused('expired');
  if (promo.applies_to === 'store' || promo.applies_to === 'plans') throw refused('not_applicable');
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
  const eligible = lines.map((line) => (covers(line) ? line.amount_halalas : 0));
  if (eligible.every((amount) => amount === 0)) throw refused('not_applicable');
  const shares = promoShares(
    { kind: promo.kind, amount: promo.amount, cap_halalas: promo.cap_halalas, min_basket_halalas: promo.min_basket_halalas },
    eligible,
  );
  if (!shares) throw refused('min_basket', { minBasket: halalasToSar(promo.min_basket_halalas) });
  const uses = await repo.usesOf(db, promo.id, client.customerId, now);
  if (promo.max_uses !== null && uses.all >= promo.max_uses) throw refused('used_up');
  if (uses.mine >= promo.max_uses_per_customer) throw refused('already_used');
  if (promo.first_order_only && (await repo.customerHasOrdered(db, client.customerId))) throw refused('first_order_only');
  return { id: promo.id, code: promo.code, paid_by: promo.paid_by, shares };
}

/** The admin's list of codes, amounts in SAR (a percentage as it is). */
export async function listPromos(db: Kysely<Database>) {
  const rows = await repo.listPromos(db);
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

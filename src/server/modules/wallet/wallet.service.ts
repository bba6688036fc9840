import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { GoodwillCreditInput, WalletSettingsInput } from '../../../shared/wallet-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import * as repo from './wallet.repository.ts';

// A customer's wallet (issue #79 item 5, ADR 0093): a ledger of credits, spends, expiries and refunds.
// The balance is what is unexpired and unspent. Checkouts spend from it through spendFromWallet, in the
// transaction that confirms what was paid, and refunds give it back through refundToWallet.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A refund of wallet money keeps its lots' expiry, but never leaves the person fewer than this many days to use it. */
export const REFUND_MIN_VALID_DAYS = 14;

/** Credit to a wallet, once per source: whether it was given now (false: given before). */
export async function grantCredit(
  db: Kysely<Database> | Transaction<Database>,
  credit: { userId: string; amountHalalas: number; reason: string; sourceKey: string; validDays: number; bookingId?: string | null },
  now: Date,
): Promise<{ granted: boolean; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + credit.validDays * DAY_MS);
  if (credit.amountHalalas <= 0) return { granted: false, expiresAt };
  const granted = await repo.insertLot(db, {
    userId: credit.userId,
    kind: 'credit',
    amountHalalas: credit.amountHalalas,
    reason: credit.reason,
    sourceKey: credit.sourceKey,
    expiresAt,
    bookingId: credit.bookingId ?? null,
    createdAt: now,
  });
  return { granted, expiresAt };
}

/** Why credit was given, as its mail says (wallet-credited): a referral's two sides, or the admin's goodwill. */
type MailedCreditReason = 'referral_referrer' | 'referral_referred' | 'goodwill';

/** Tells the person of credit given (once per source). */
export async function mailWalletCredit(
  tx: Transaction<Database>,
  userId: string,
  credit: { amountHalalas: number; reason: MailedCreditReason; expiresAt: Date; sourceKey: string },
) {
  const recipient = await recipientOf(tx, userId);
  if (!recipient) return;
  await enqueueMail(tx, {
    to: recipient.email,
    locale: recipient.locale,
    userId,
    dedupeKey: `wallet-credited:${credit.sourceKey}`,
    message: {
      template: 'wallet-credited',
      data: {
        name: recipient.name,
        amount: halalasToSar(credit.amountHalalas),
        reason: credit.reason,
        expiresAt: credit.expiresAt.toISOString(),
        link: '/dashboard?section=wallet',
      },
    },
  });
}

/**
 * Credit the admin gives a customer by hand (a complaint made good): once per `grantId`, audited with the
 * admin's note (`wallet.goodwill_credit`), the customer mailed. Only a customer's account, not deleted, takes it.
 */
export async function grantGoodwillCredit(db: Kysely<Database>, adminId: string, input: GoodwillCreditInput, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    if (!(await repo.isCustomer(tx, input.userId))) throw new AppError('NOT_FOUND');
    const sourceKey = `goodwill:${input.grantId}`;
    const amountHalalas = sarToHalalas(input.amount);
    const { granted, expiresAt } = await grantCredit(
      tx,
      { userId: input.userId, amountHalalas, reason: 'goodwill', sourceKey, validDays: input.validDays },
      now,
    );
    if (granted) {
      await recordAudit(tx, {
        actorId: adminId,
        action: 'wallet.goodwill_credit',
        subjectType: 'user',
        subjectId: input.userId,
        details: { amount: input.amount, validDays: input.validDays, note: input.note, grantId: input.grantId },
      });
      await mailWalletCredit(tx, input.userId, { amountHalalas, reason: 'goodwill', expiresAt, sourceKey });
    }
    return { granted, balance: halalasToSar(await walletBalanceHalalas(tx, input.userId, now)) };
  });
}

/** The lots spendable now, after what expired is written down, under the wallet's lock. */
async function openLots(tx: Transaction<Database>, userId: string, now: Date) {
  await repo.lockLots(tx, userId);
  await repo.writeExpiries(tx, userId, now);
  return (await repo.lotsWithRemainder(tx, userId)).filter((lot) => lot.expires_at > now);
}

/**
 * Pays up to `amountHalalas` of a checkout or order from the wallet, inside the caller's transaction
 * (call it before charging the card for the rest): the lots that expire first are spent first, and two
 * spends of one wallet take turns on its lots' row locks. Returns what the wallet paid (0 to the amount).
 * Asked again with the same spend key, it pays nothing more and returns what it paid the first time.
 */
export async function spendFromWallet(
  tx: Transaction<Database>,
  userId: string,
  spend: { amountHalalas: number; spendKey: string; bookingId?: string | null },
  now = new Date(),
): Promise<number> {
  const lots = await openLots(tx, userId, now);
  const before = await repo.spentFor(tx, userId, spend.spendKey);
  if (before.spent > 0) return before.spent;
  let left = Math.max(0, Math.floor(spend.amountHalalas));
  const draws: repo.Draw[] = [];
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    draws.push({ lotId: lot.id, amountHalalas: take });
    left -= take;
  }
  await repo.insertSpends(tx, userId, spend.spendKey, draws, spend.bookingId ?? null, now);
  return draws.reduce((sum, draw) => sum + draw.amountHalalas, 0);
}

/**
 * Gives back to the wallet what a spend took from it (a cancelled booking or order: the card's part goes
 * back to the card, the wallet's to the wallet; `splitRefund` says which is which). Without `part` the
 * whole of what is left of the spend comes back; with it, up to `part.amountHalalas`, once per `part.key`
 * (a booking of a checkout, a refund of an order), never more in all than the spend took. The refund lasts
 * as long as the spent lots would have, and at least REFUND_MIN_VALID_DAYS from now. Returns what it gave
 * back (0 when nothing, or already).
 */
export async function refundToWallet(
  tx: Transaction<Database>,
  userId: string,
  spendKey: string,
  now = new Date(),
  part?: { key: string; amountHalalas: number },
): Promise<number> {
  await repo.lockLots(tx, userId);
  const { spent, latestExpiry } = await repo.spentFor(tx, userId, spendKey);
  const left = spent - (await repo.refundedFor(tx, userId, spendKey));
  const amount = part ? Math.min(left, Math.max(0, Math.floor(part.amountHalalas))) : left;
  if (amount <= 0) return 0;
  const floor = new Date(now.getTime() + REFUND_MIN_VALID_DAYS * DAY_MS);
  const expiresAt = latestExpiry && latestExpiry > floor ? latestExpiry : floor;
  const given = await repo.insertLot(tx, {
    userId,
    kind: 'refund',
    amountHalalas: amount,
    reason: 'refund',
    sourceKey: part ? `refund:${spendKey}:${part.key}` : `refund:${spendKey}`,
    expiresAt,
    createdAt: now,
  });
  return given ? amount : 0;
}

/** What the person's wallet holds now, in halalas (what a checkout may take of it). */
export async function walletBalanceHalalas(db: Kysely<Database> | Transaction<Database>, userId: string, now = new Date()) {
  const lots = await repo.lotsWithRemainder(db, userId);
  return lots.filter((lot) => lot.expires_at > now).reduce((sum, lot) => sum + lot.remaining, 0);
}

/** The person's wallet: the balance (SAR), the next credit to expire, and every movement, newest first. */
export async function walletOf(db: Kysely<Database>, userId: string, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const lots = await openLots(tx, userId, now);
    const movements = await repo.movementsOf(tx, userId);
    const next = lots[0];
    return {
      balance: halalasToSar(lots.reduce((sum, lot) => sum + lot.remaining, 0)),
      nextExpiry: next ? { amount: halalasToSar(next.remaining), expires_at: next.expires_at.toISOString() } : null,
      movements: movements.map((movement) => ({
        id: movement.id,
        kind: movement.kind,
        amount: halalasToSar(movement.amount_halalas),
        reason: movement.reason,
        expires_at: movement.expires_at ? new Date(movement.expires_at).toISOString() : null,
        created_at: new Date(movement.created_at).toISOString(),
      })),
    };
  });
}

/** The admin's wallet settings, in SAR and days. */
export async function walletSettings(db: Kysely<Database> | Transaction<Database>) {
  const row = await repo.walletSettings(db);
  return {
    referrerCredit: halalasToSar(row.referrer_credit_halalas),
    referredCredit: halalasToSar(row.referred_credit_halalas),
    creditValidDays: row.credit_valid_days,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function saveWalletSettings(db: Kysely<Database>, adminId: string, input: WalletSettingsInput, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    await repo.updateWalletSettings(
      tx,
      {
        referrer_credit_halalas: sarToHalalas(input.referrerCredit),
        referred_credit_halalas: sarToHalalas(input.referredCredit),
        credit_valid_days: input.creditValidDays,
      },
      adminId,
      now,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.settings',
      subjectType: 'wallet_settings',
      subjectId: 'platform',
      details: input,
    });
  });
  return walletSettings(db);
}

/** The account's wallet for its export (amounts in SAR). */
export async function exportWallet(db: Kysely<Database>, userId: string) {
  const rows = await repo.exportMovements(db, userId);
  return rows.map((row) => ({
    kind: row.kind,
    amount: halalasToSar(row.amount_halalas),
    reason: row.reason,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { LabBalancesInput } from '../../../shared/list-schemas.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { RecordPayoutInput, ReversePayoutInput } from '../../../shared/payout-schemas.ts';
import { PAYOUT_TIME_ZONE } from '../../../shared/payout-schemas.ts';
import { todayIn } from '../../../shared/time.ts';
import { decodeCursor, pageOf } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import * as repo from './payouts.repository.ts';

/**
 * A lab's account with the platform in SAR (ADR 0043): earned from the ledger for bookings no longer
 * waiting for the lab, pending for those still to be done, paid out, and the balance owed (earned less
 * paid out) that a payout may not exceed.
 */
function presentMoney(row: repo.LabMoneyRow) {
  const earned = Number(row.earned);
  const paidOut = Number(row.paid_out);
  return {
    earned: halalasToSar(earned),
    pending: halalasToSar(Number(row.pending)),
    paid_out: halalasToSar(paidOut),
    balance: halalasToSar(earned - paidOut),
  };
}

async function labMoneyOrThrow(db: Kysely<Database>, labId: string) {
  const row = await repo.labMoney(db, labId);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'lab' });
  return row;
}

/**
 * Records a bank transfer to a lab and its audit entry, under the lab's row lock: the balance is read
 * after the lock, so two administrators recording at once cannot pay the same riyal twice.
 */
export async function recordPayout(db: Kysely<Database>, adminId: string, input: RecordPayoutInput) {
  const amount = sarToHalalas(input.amount);
  const payout = await db.transaction().execute(async (tx) => {
    if (!(await repo.lockLab(tx, input.labId))) throw new AppError('NOT_FOUND', { entity: 'lab' });
    const money = await repo.labMoney(tx, input.labId);
    const balance = Number(money?.earned ?? 0) - Number(money?.paid_out ?? 0);
    if (amount > balance) throw new AppError('PAYOUT_EXCEEDS_BALANCE', { balance: halalasToSar(balance) });
    const row = await repo.insertPayout(tx, {
      lab_id: input.labId,
      amount_halalas: amount,
      paid_on: input.paidOn,
      bank_reference: input.bankReference,
      note: input.note ?? null,
      recorded_by: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'lab.payout',
      subjectType: 'lab',
      subjectId: input.labId,
      details: { payoutId: row.id, amount: input.amount, paidOn: input.paidOn, bankReference: input.bankReference },
    });
    return row;
  });
  return { id: payout.id, ...(await labBalance(db, input.labId)) };
}

/**
 * Cancels a payout recorded by mistake with a reversing row (its negative amount, today's date, the
 * same bank reference, the reason in the note) and an audit entry. A payout is reversed once.
 */
export async function reversePayout(db: Kysely<Database>, adminId: string, input: ReversePayoutInput, now = new Date()) {
  const payout = await repo.findPayout(db, input.payoutId);
  if (!payout) throw new AppError('NOT_FOUND', { entity: 'payout' });
  await db.transaction().execute(async (tx) => {
    await repo.lockLab(tx, payout.lab_id);
    const current = await repo.findPayout(tx, input.payoutId);
    if (!current || current.reverses_id !== null || current.reversed_by !== null) throw new AppError('PAYOUT_ALREADY_REVERSED');
    const row = await repo.insertPayout(tx, {
      lab_id: payout.lab_id,
      amount_halalas: -payout.amount_halalas,
      paid_on: todayIn(PAYOUT_TIME_ZONE, now),
      bank_reference: payout.bank_reference,
      note: input.note,
      recorded_by: adminId,
      reverses_id: payout.id,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'lab.payout_reverse',
      subjectType: 'lab',
      subjectId: payout.lab_id,
      details: { payoutId: row.id, reverses: payout.id, amount: halalasToSar(-payout.amount_halalas) },
    });
  });
  return labBalance(db, payout.lab_id);
}

/** What the lab earned, in halalas, line by line: the one figure its payments page and its account show (ADR 0083). */
export function labEarnings(db: Kysely<Database>, labId: string) {
  return repo.labEarnings(db, labId);
}

/** One lab's account (see presentMoney) with its names. */
export async function labBalance(db: Kysely<Database>, labId: string) {
  const row = await labMoneyOrThrow(db, labId);
  return { lab_id: row.id, lab_name_ar: row.lab_name_ar, lab_name_en: row.lab_name_en, ...presentMoney(row) };
}

/** One page of every lab's account, by English name, searched by either name. */
export async function labBalances(db: Kysely<Database>, input: LabBalancesInput) {
  const rows = await repo.labBalancePage(db, input, decodeCursor(input.cursor, 'name'));
  const page = pageOf(rows, input.limit, 'name', (row) => ({ key: row.lab_name_en, id: row.id }));
  return {
    items: page.items.map(({ earned, pending, paid_out, ...lab }) => ({ ...lab, ...presentMoney({ earned, pending, paid_out }) })),
    nextCursor: page.nextCursor,
  };
}

/** The lab's account and one page of its payouts, newest recorded first; what the lab and the admin both see. */
export async function payoutHistory(db: Kysely<Database>, labId: string, input: { cursor?: string; limit: number }) {
  // A cursor that does not decode is refused before either query starts: none is left running unheard.
  const after = decodeCursor(input.cursor, 'newest');
  const [account, rows] = await Promise.all([labBalance(db, labId), repo.payoutPage(db, labId, input.limit, after)]);
  const page = pageOf(rows, input.limit, 'newest', (row) => ({ key: row.cursor_at, id: row.id }));
  return {
    account,
    items: page.items.map(({ cursor_at: _, amount_halalas, created_at, ...row }) => ({
      ...row,
      amount: halalasToSar(amount_halalas),
      created_at: new Date(created_at).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

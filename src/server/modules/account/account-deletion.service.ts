import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { anonymizeInvoices } from '../billing/billing.service.ts';
import { eraseIdentity } from '../identity/identity.service.ts';
import { eraseInsurance } from '../insurance/insurance.service.ts';
import type { BlobStore } from '../result-files/result-files.service.ts';
import { eraseBuyerDetailsOf } from '../store/hosted-checkout.service.ts';
import { forgetSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { eraseWalletAndReferrals } from '../wallet/referrals.service.ts';
import { confirmedAccount } from './account.service.ts';
import { eraseAccount, resultStorageKeys } from './account-deletion.repository.ts';

/**
 * Deletes the caller's account at once (PDPL's right to erasure; docs/decisions/0024): profile,
 * contact details, results (rows and files), sessions and mail go; bookings, store orders (without
 * who bought nor where they went), payment records and tax invoices (without the buyer's name) stay, pointing to an account with nothing personal left, for the labs' figures and the tax records. The
 * owner confirms with the password, or, for an account made with Google that has none, by typing its
 * e-mail address. Only a customer may: a lab's or an admin's account is closed by the platform. A
 * guest first turns the visit into an account (it has neither a password nor an address to confirm).
 * The cards a paid plan kept at the payment gateway are deleted there too.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  blobs: BlobStore | undefined,
  caller: { id: string; user_type: UserType },
  confirmation: { password?: string; email?: string },
  payments?: PaymentProvider,
) {
  if (caller.user_type !== 'customer') throw new AppError('FORBIDDEN', { requiredRole: 'customer' });
  const account = await confirmedAccount(db, caller.id, confirmation.password);
  if (!account.password_hash && confirmation.email?.toLowerCase() !== account.email?.toLowerCase()) {
    throw new AppError('EMAIL_MISMATCH', { field: 'email' });
  }
  const { storageKeys, cardTokens } = await db.transaction().execute(async (tx) => {
    // The insurance cards (and their sealed photos) go with the person they describe.
    const keys = [...(await resultStorageKeys(tx, caller.id)), ...(await eraseInsurance(tx, caller.id))];
    await eraseAccount(tx, caller.id, account.email, new Date());
    // The ID number, its verification and the Nafath requests go too (ADR 0096).
    await eraseIdentity(tx, caller.id);
    // Tax invoices are kept for the years the law requires, with the buyer's name gone.
    await anonymizeInvoices(tx, caller.id);
    // Store orders likewise keep their amounts and items, not who bought them nor where they went.
    await eraseBuyerDetailsOf(tx, caller.id);
    // No renewal for an erased account: its plan ends and the saved card's token is forgotten.
    const tokens = await forgetSubscriptions(tx, caller.id);
    // The wallet's credit goes with the account (ADR 0093), as do its code, its referrals and its devices.
    await eraseWalletAndReferrals(tx, caller.id);
    await recordAudit(tx, { actorId: caller.id, action: 'account.delete', subjectType: 'user', subjectId: caller.id });
    return { storageKeys: keys, cardTokens: tokens };
  });
  // The files go from the store after the commit. Should one removal fail, that file is still lost
  // for good: its wrapped data key went with its row, and nothing can open it any more.
  await Promise.allSettled([
    ...storageKeys.map((key) => blobs?.delete(key)),
    // The gateway forgets the saved cards too (a failure leaves a card no one charges any more).
    ...cardTokens.map((token) => payments?.browser?.deleteToken(token)),
  ]);
  return { deleted: true as const };
}

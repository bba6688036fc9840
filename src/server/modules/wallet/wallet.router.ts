import { halalasToSar } from '../../../shared/money.ts';
import { goodwillCreditInput, guaranteeSettingsInput, walletSettingsInput } from '../../../shared/wallet-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, customerProcedure, sensitiveAdminProcedure } from '../../trpc/procedures.ts';
import { guaranteeSettings, saveGuaranteeSettings } from './guarantee.service.ts';
import { referralProgram } from './referrals.service.ts';
import * as wallet from './wallet.service.ts';

export const walletRouter = router({
  /** The customer's balance, next expiry and every movement (ADR 0093). */
  mine: customerProcedure.query(({ ctx }) => wallet.walletOf(ctx.db, ctx.user.id)),
  /** What the wallet holds now (SAR): what a checkout may pay from it. */
  balance: customerProcedure.query(async ({ ctx }) => ({
    balance: halalasToSar(await wallet.walletBalanceHalalas(ctx.db, ctx.user.id)),
  })),
  /** The customer's invitation: code, link, amounts, how many they invited. */
  referral: customerProcedure.query(({ ctx }) => referralProgram(ctx.db, ctx.user.id, ctx.config.PUBLIC_URL)),
  /** What each side of a referral receives and how long credit lasts. */
  settings: adminProcedure.query(({ ctx }) => wallet.walletSettings(ctx.db)),
  saveSettings: adminProcedure
    .input(walletSettingsInput)
    .mutation(({ ctx, input }) => wallet.saveWalletSettings(ctx.db, ctx.user.id, input)),
  /** Credit given to a customer by hand, with the admin's reason (audited; the customer is mailed). */
  grantGoodwill: sensitiveAdminProcedure
    .input(goodwillCreditInput)
    .mutation(({ ctx, input }) => wallet.grantGoodwillCredit(ctx.db, ctx.user.id, input)),
  /** The service guarantee's two credits: late results, a late home collector (ADR 0093). */
  guaranteeSettings: adminProcedure.query(({ ctx }) => guaranteeSettings(ctx.db)),
  saveGuaranteeSettings: adminProcedure
    .input(guaranteeSettingsInput)
    .mutation(({ ctx, input }) => saveGuaranteeSettings(ctx.db, ctx.user.id, input)),
});

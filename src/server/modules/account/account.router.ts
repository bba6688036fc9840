import { z } from 'zod';
import { personalDetailsInput } from '../../../shared/family.ts';
import { passkeyIdInput, passkeyRegistrationInput } from '../../../shared/passkey-schemas.ts';
import {
  accountProfileInput,
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  mailPreferencesInput,
} from '../../../shared/schemas.ts';
import { TEXT_CHOICES } from '../../../shared/text-choices.ts';
import { secondFactorCodeInput, twoFactorDisableInput } from '../../../shared/two-factor-schemas.ts';
import { numberCodeInput, phoneCodeInput } from '../../platform/phone-numbers.ts';
import { blankSessionCookie } from '../../platform/session-cookie.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure, recentProofProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import * as passkeys from '../passkeys/passkeys.service.ts';
import { confirmPhone, sendPhoneCode, smsRules } from '../phone/phone-codes.service.ts';
import { resultAccessLog } from '../result-files/result-files.service.ts';
import * as twoFactor from '../two-factor/two-factor.service.ts';
import * as account from './account.service.ts';
import { deleteAccount } from './account-deletion.service.ts';

/** A channel for each kind of message; the four go together, as the settings card saves them. */
const textChoice = z.enum(TEXT_CHOICES);
const textChoicesInput = z.object({ booking: textChoice, reminder: textChoice, result: textChoice, order: textChoice });

export const accountRouter = router({
  updateProfile: signedInProcedure
    .input(accountProfileInput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx.db, ctx.session, input)),
  updatePersonal: customerProcedure
    .input(personalDetailsInput)
    .mutation(({ ctx, input }) => account.updatePersonal(ctx.db, ctx.session, input)),
  changePassword: signedInProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => account.changePassword(ctx.db, { user: ctx.user, session: ctx.session }, input)),
  changeEmail: signedInProcedure
    .input(changeEmailInput)
    .mutation(({ ctx, input }) =>
      account.changeEmail(ctx.db, ctx.user.id, input, { clientIp: ctx.clientIp, publicUrl: ctx.config.PUBLIC_URL }),
    ),
  /**
   * A code by SMS to the mobile number the account is to have (issue #55). A number is a way to sign in,
   * so only soon after a proof that it is the owner, as a passkey is added (ADR 0025).
   */
  requestPhoneCode: recentProofProcedure
    .input(numberCodeInput)
    .mutation(({ ctx, input }) =>
      sendPhoneCode(
        ctx.db,
        { phone: input.phone, purpose: 'verify', codeFor: input.codeFor, userId: ctx.user.id, clientIp: ctx.clientIp, locale: ctx.locale },
        smsRules(ctx.config, ctx.log),
      ),
    ),
  /** The code sent to the new number: it replaces the old one, confirmed (PHONE_TAKEN: another account's). */
  confirmPhone: recentProofProcedure
    .input(phoneCodeInput)
    .mutation(({ ctx, input }) =>
      confirmPhone(ctx.db, { userId: ctx.user.id, ...input, clientIp: ctx.clientIp }, smsRules(ctx.config, ctx.log)),
    ),
  /** How each kind of message reaches the confirmed mobile number: SMS, WhatsApp, or not by phone. */
  updateTextChoices: signedInProcedure
    .input(textChoicesInput)
    .mutation(({ ctx, input }) => account.updateTextChoices(ctx.db, ctx.session, input)),
  updateMailPreferences: signedInProcedure
    .input(mailPreferencesInput)
    .mutation(({ ctx, input }) => account.updateMailPreferences(ctx.db, ctx.session, input)),
  /** Who opened the caller's results, newest first (none for an account that has no results of its own). */
  resultAccessLog: signedInProcedure.query(({ ctx }) => resultAccessLog(ctx.db, ctx.user.id)),
  /** Whether two-factor is on, and how many recovery codes are left. */
  twoFactorStatus: signedInProcedure.query(({ ctx }) => twoFactor.status(ctx.db, ctx.user.id)),
  /** A new secret to scan or type into an authenticator app; on once a code from it confirms (twoFactorEnable). */
  twoFactorSetup: recentProofProcedure.mutation(({ ctx }) => twoFactor.beginSetup(ctx.db, ctx.user, ctx.config)),
  /** The first code turns it on; the ten recovery codes come back this once. */
  twoFactorEnable: recentProofProcedure
    .input(secondFactorCodeInput)
    .mutation(({ ctx, input }) => twoFactor.enable(ctx.db, ctx.user.id, input.code, ctx.config)),
  twoFactorDisable: signedInProcedure
    .input(twoFactorDisableInput)
    .mutation(({ ctx, input }) => account.disableTwoFactor(ctx.db, ctx.user.id, input, ctx.config)),
  /** Ten new recovery codes for a valid code; the old ones stop working. */
  twoFactorRecoveryCodes: signedInProcedure
    .input(secondFactorCodeInput)
    .mutation(({ ctx, input }) => twoFactor.regenerateRecoveryCodes(ctx.db, ctx.user.id, input.code, ctx.config)),
  /** The caller's passkeys: name, when added, when last used. */
  passkeys: signedInProcedure.query(({ ctx }) => passkeys.list(ctx.db, ctx.user.id)),
  /** A challenge (single-use, five minutes) for the browser to make a passkey for this account; only soon after the password. */
  passkeyRegistrationOptions: recentProofProcedure.mutation(({ ctx }) => passkeys.registrationOptions(ctx.db, ctx.user, ctx.config)),
  /** Saves the passkey made for that challenge under the name the user gave; answers the list. */
  passkeyRegister: recentProofProcedure
    .input(passkeyRegistrationInput)
    .mutation(({ ctx, input }) => passkeys.register(ctx.db, ctx.user, input, ctx.config)),
  /** Removes one of the caller's passkeys: it no longer signs in. Answers the list. */
  passkeyRemove: signedInProcedure.input(passkeyIdInput).mutation(({ ctx, input }) => passkeys.remove(ctx.db, ctx.user.id, input.id)),
  /** Every device is signed out, this one too. */
  signOutEverywhere: signedInProcedure.mutation(async ({ ctx }) => {
    const result = await account.signOutEverywhere(ctx.db, ctx.user.id);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return result;
  }),
  /** Erases the caller's account at once (customers only) and signs this browser out. */
  delete: signedInProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const result = await deleteAccount(ctx.db, ctx.blobs, ctx.user, input, ctx.payments);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return result;
  }),
});

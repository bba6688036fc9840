import { passkeySignInInput } from '../../../shared/passkey-schemas.ts';
import {
  acceptConsentInput,
  checkResetLinkInput,
  confirmPasswordInput,
  guestLinkInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  upgradeAnonymousInput,
  verifyEmailInput,
} from '../../../shared/schemas.ts';
import { secondFactorCodeInput } from '../../../shared/two-factor-schemas.ts';
import { deviceCookie, newDeviceKey } from '../../platform/device-cookie.ts';
import { guestSignInInput, phoneCodeInput, phoneSignUpInput, signInCodeInput } from '../../platform/phone-numbers.ts';
import { invalidateSession } from '../../platform/session.ts';
import { blankPendingSignInCookie, blankSessionCookie, pendingSignInCookie, sessionCookie } from '../../platform/session-cookie.ts';
import type { TrpcContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { accountDoorProcedure, publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import { openGuestLink } from '../guest-links/guest-links.service.ts';
import * as passkeys from '../passkeys/passkeys.service.ts';
import { smsRules } from '../phone/phone-codes.service.ts';
import { completePendingSignIn } from '../two-factor/two-factor.service.ts';
import { recordReferral, referrerOf, rememberDevice } from '../wallet/referrals.service.ts';
import * as auth from './auth.service.ts';

function meta(ctx: TrpcContext): auth.RequestMeta {
  return { clientIp: ctx.clientIp, locale: ctx.locale, publicUrl: ctx.config.PUBLIC_URL, currentSessionId: ctx.session?.id ?? null };
}

/** The session's cookie, and this browser's device seen on the account (its own cookie, made once; ADR 0093). */
async function begin(ctx: TrpcContext, started: auth.StartedSession) {
  ctx.setCookie(sessionCookie(ctx.config.PUBLIC_URL, started.token, started.expiresAt));
  const deviceKey = ctx.deviceKey ?? newDeviceKey();
  if (!ctx.deviceKey) ctx.setCookie(deviceCookie(ctx.config.PUBLIC_URL, deviceKey));
  await rememberDevice(ctx.db, started.user.id, deviceKey);
  return started.user;
}

/** The user and a session, or (two-factor on) only the second step's cookie: no session until the code. */
function beginOrAskCode(ctx: TrpcContext, outcome: auth.SignInOutcome) {
  if ('pending' in outcome) {
    ctx.setCookie(pendingSignInCookie(ctx.config.PUBLIC_URL, outcome.pending.token, outcome.pending.expiresAt));
    return { two_factor_required: true as const };
  }
  return begin(ctx, outcome);
}

export const authRouter = router({
  /** The signed-in user merged with the profile, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Which sign-in methods this server offers (Google, and a code by SMS, only when configured). */
  providers: publicProcedure.query(({ ctx }) => ({
    google: Boolean(ctx.config.GOOGLE_CLIENT_ID),
    phone: Boolean(ctx.config.SMS_PROVIDER),
    /** Whether a person may choose WhatsApp for their messages (WHATSAPP_PROVIDER set beside an SMS gateway). */
    whatsapp: Boolean(ctx.config.SMS_PROVIDER && ctx.config.WHATSAPP_PROVIDER),
  })),

  signUp: accountDoorProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    // An invitation's code is checked before the account is made, so a mistyped one can be fixed (ADR 0093).
    const referrerId = input.referralCode && input.userType === 'customer' ? await referrerOf(ctx.db, input.referralCode) : null;
    const started = await auth.signUp(ctx.db, input, meta(ctx));
    if (referrerId) await recordReferral(ctx.db, started.user.id, referrerId, ctx.deviceKey);
    return begin(ctx, started);
  }),

  signIn: publicProcedure
    .input(signInInput)
    .mutation(async ({ ctx, input }) => beginOrAskCode(ctx, await auth.signIn(ctx.db, input, meta(ctx)))),

  /** The second step of a sign-in: a code from the app, or a recovery code (spent once used). */
  signInSecondFactor: publicProcedure.input(secondFactorCodeInput).mutation(async ({ ctx, input }) => {
    const { userId, passwordEnteredAt } = await completePendingSignIn(ctx.db, ctx.pendingSignInToken, input.code, ctx.clientIp, ctx.config);
    ctx.setCookie(blankPendingSignInCookie(ctx.config.PUBLIC_URL));
    return begin(ctx, await auth.startSession(ctx.db, userId, meta(ctx), { passwordConfirmedAt: passwordEnteredAt }));
  }),

  /** A challenge (single-use, five minutes) to sign in with a passkey. */
  passkeySignInOptions: publicProcedure.mutation(({ ctx }) => passkeys.signInOptions(ctx.db, ctx.clientIp, ctx.config)),

  /** Sign-in with a passkey: both factors at once, so a session at once (docs/decisions/0025). */
  signInWithPasskey: publicProcedure.input(passkeySignInInput).mutation(async ({ ctx, input }) => {
    const userId = await passkeys.signIn(ctx.db, input, ctx.clientIp, ctx.config);
    return begin(ctx, await auth.startSession(ctx.db, userId, meta(ctx), { signedInWithPasskey: true }));
  }),

  /** A code by SMS to sign in with a mobile number: the same answer whether or not the number has an account. */
  requestPhoneCode: accountDoorProcedure
    .input(signInCodeInput)
    .mutation(({ ctx, input }) => auth.requestPhoneCode(ctx.db, input.phone, input.codeFor, meta(ctx), smsRules(ctx.config, ctx.log))),

  /** The code from the SMS: signed in (an account made on first use), or asked for the second factor. */
  signInWithPhoneCode: accountDoorProcedure
    .input(phoneCodeInput)
    .mutation(async ({ ctx, input }) =>
      beginOrAskCode(ctx, await auth.signInWithPhoneCode(ctx.db, input.phone, input.code, meta(ctx), smsRules(ctx.config, ctx.log))),
    ),

  /** A new account's name and terms, asked right after its first sign-in with a mobile number. */
  completePhoneSignUp: signedInProcedure
    .input(phoneSignUpInput)
    .mutation(({ ctx, input }) => auth.completePhoneSignUp(ctx.db, ctx.user, ctx.session.id, input)),

  /** A guest's session; where this site sends SMS, only with the code sent to its number (ADR 0074). */
  signInAnonymously: accountDoorProcedure
    .input(guestSignInInput)
    .mutation(async ({ ctx, input }) =>
      beginOrAskCode(
        ctx,
        await auth.signInAnonymously(ctx.db, input, meta(ctx), ctx.config.SMS_PROVIDER ? smsRules(ctx.config, ctx.log) : null),
      ),
    ),

  /**
   * The link in a guest's booking mail (ADR 0066): the guest's session on this device, to view, move or
   * cancel its bookings without an account, until the booking the mail was about has ended.
   */
  openGuestLink: publicProcedure.input(guestLinkInput).mutation(async ({ ctx, input }) => {
    const { userId } = await openGuestLink(ctx.db, input.token, ctx.clientIp);
    return begin(ctx, await auth.startSession(ctx.db, userId, meta(ctx)));
  }),

  upgradeAnonymous: signedInProcedure
    .input(upgradeAnonymousInput)
    .mutation(async ({ ctx, input }) => begin(ctx, await auth.upgradeAnonymous(ctx.db, ctx.user, input, meta(ctx)))),

  /** Opening the link from the mail confirms the address; no sign-in needed (it may be another device). */
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token, ctx.clientIp, ctx.session?.id ?? null)),

  /** The confirmation mail again, for the signed-in user's unconfirmed address. */
  resendVerification: signedInProcedure.mutation(({ ctx }) => auth.resendVerification(ctx.db, ctx.user.id, ctx.config.PUBLIC_URL)),

  /** Always the same answer, in the same time; a mail only if the address has an account. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) =>
      auth.requestPasswordReset(ctx.db, input.email, { clientIp: ctx.clientIp, publicUrl: ctx.config.PUBLIC_URL }),
    ),

  checkResetLink: publicProcedure.input(checkResetLinkInput).query(({ ctx, input }) => auth.checkResetLink(ctx.db, input.token)),

  /**
   * A new password from the mailed link: every session of the user ends, and this browser goes on as
   * a sign-in with it would: signed in, or (two-factor on) asked for the code. The mailbox is not a
   * second factor, and the session is not fresh for sensitive actions (docs/decisions/0016).
   */
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const { userId } = await auth.resetPassword(ctx.db, input, ctx.clientIp);
    return beginOrAskCode(ctx, await auth.signInAfterReset(ctx.db, userId, { ...meta(ctx), currentSessionId: null }));
  }),

  /** The password entered again, for an administrator's sensitive actions (PASSWORD_CONFIRMATION_REQUIRED). */
  confirmPassword: signedInProcedure
    .input(confirmPasswordInput)
    .mutation(({ ctx, input }) => auth.confirmPassword(ctx.db, ctx.user, ctx.session.id, input.password)),

  /** Records that the user accepted the terms and privacy policy versions now in force. */
  acceptConsent: signedInProcedure
    .input(acceptConsentInput)
    .mutation(({ ctx, input }) => auth.acceptConsent(ctx.db, ctx.user, ctx.session, input)),

  /** Revokes this session on the server and clears the cookie; harmless when signed out. */
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return { signedOut: true as const };
  }),
});

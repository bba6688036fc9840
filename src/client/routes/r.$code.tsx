import { createFileRoute, redirect } from '@tanstack/react-router';
import { rememberReferralCode } from '../lib/referral-code.ts';

/** An invitation's link (ADR 0093): the code is kept in this browser for sign-up, and the visitor lands on the home page. */
export const Route = createFileRoute('/r/$code')({
  beforeLoad: ({ params }) => {
    if (typeof window !== 'undefined') rememberReferralCode(params.code);
    throw redirect({ to: '/', replace: true });
  },
});

import type { Locale } from '../../../shared/locale.ts';
import { bookingCalendarEvent } from './calendar.ts';
import {
  addressInUseMail,
  emailChangedMail,
  passwordChangedMail,
  resetPasswordMail,
  type SignInMethodChange,
  signInMethodChangedMail,
  signInMethodsRemovedMail,
  twoFactorResetMail,
  verifyEmailMail,
} from './templates/account-mails.ts';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingReminderMail,
  bookingRescheduledMail,
  checkoutInterruptedMail,
  paymentRefundedMail,
  resultsReadyMail,
} from './templates/booking-mails.ts';
import type { MailContent } from './templates/content.ts';
import { siteAddress } from './templates/format.ts';
import { type ClaimRejectedMailData, claimRejectedMail } from './templates/insurance-mails.ts';
import { labApprovedMail, labRejectedMail, packageDecidedMail, testRequestDecidedMail } from './templates/lab-mails.ts';
import { renderHtml } from './templates/layout.tsx';
import { newsletterConfirmMail } from './templates/newsletter-mail.ts';
import { planCardChangedMail, planEndingUnpaidMail, planPaymentRefundedMail, planRenewalFailedMail } from './templates/plan-mails.ts';
import {
  criticalValueReceivedMail,
  interpretationToSignMail,
  resultOpenedByStaffMail,
  resultsAmendedMail,
} from './templates/result-mails.ts';
import { type ResultShareLockedMailData, resultShareLockedMail } from './templates/result-share-mails.ts';
import { retestReminderMail } from './templates/retest-mails.ts';
import { type SeriesVisitDueMailData, seriesVisitDueMail } from './templates/series-mails.ts';
import { storeOrderConfirmedMail, storePaymentRefundedMail } from './templates/store-mails.ts';
import { renderText } from './templates/text.ts';
import type { Bilingual, BookingMailData, MailAttachment } from './templates/types.ts';
import { type WaitlistOfferMailData, waitlistOfferMail } from './templates/waitlist-mails.ts';
import {
  type GuaranteeCreditedMailData,
  guaranteeCreditedMail,
  type WalletCreditedMailData,
  walletCreditedMail,
} from './templates/wallet-mails.ts';

export type { Bilingual, BookingMailData, MailAttachment } from './templates/types.ts';

/**
 * Every mail the product sends, with the data it needs. Mails carry links, never health data: no
 * test names on bookings, no results; only the retest reminder names a test, the one the patient asked
 * to be reminded of, never why. The data is stored in the outbox as JSON until it is sent.
 */
export type MailMessage =
  /** Sign-up, a guest's upgrade, or the new address after "change e-mail"; the link works for 24 hours. */
  | { template: 'verify-email'; data: { name: string; link: string } }
  /** The link works once, within 30 minutes. */
  | { template: 'reset-password'; data: { name: string; link: string } }
  | { template: 'password-changed'; data: { name: string } }
  /** An administrator removed the account's second factor. */
  | { template: 'two-factor-reset'; data: { name: string } }
  /** The account itself added or removed a passkey, or turned two-factor sign-in on or off. */
  | { template: 'sign-in-method-changed'; data: { name: string; change: SignInMethodChange; passkeyName?: string } }
  /** The address was proven after passkeys or two-factor sign-in were added, which were removed then (docs/decisions/0016). */
  | { template: 'sign-in-methods-removed'; data: { name: string; passkeyNames: string[]; twoFactor: boolean } }
  /** Sent to the old address. */
  | { template: 'email-changed'; data: { name: string; newEmail: string } }
  /** To an address that has an account, when someone asked to use it for another: they were answered as for a free one. */
  | { template: 'address-in-use'; data: { name: string } }
  /** With the appointment as an .ics attachment. */
  | { template: 'booking-confirmed'; data: BookingMailData }
  | { template: 'booking-cancelled'; data: BookingMailData }
  /** The booking moved to another time: the new details, and the calendar file again (same UID, next SEQUENCE). */
  | { template: 'booking-rescheduled'; data: BookingMailData }
  /** The server stopped while the customer paid: nothing booked, nothing taken; the link goes to the checkout. */
  | { template: 'checkout-interrupted'; data: { name: string; link: string } }
  /** A gateway payment went straight back, having booked nothing (paymentRefundedMail says why); `amount` in SAR. */
  | { template: 'payment-refunded'; data: Parameters<typeof paymentRefundedMail>[0] }
  /** Sent 24 hours before the appointment. */
  | { template: 'booking-reminder'; data: BookingMailData }
  /** A link, never the result. */
  | { template: 'results-ready'; data: { name: string; link: string } }
  /** The lab changed a released report; a link, never the values. */
  | { template: 'results-amended'; data: { name: string; link: string } }
  /** To a lab: its system sent a critical value; the booking's reference and a link, never the value. */
  | { template: 'critical-value-received'; data: { name: string; reference: string; link: string } }
  /** To a Premium lab: its system sent a report, held until its specialist signs the interpretive comment; a reference and a link. */
  | { template: 'interpretation-to-sign'; data: { name: string; reference: string; link: string } }
  /** An administrator opened one of the patient's results: when (`openedAt`, an instant) and the reason given; no health data. */
  | { template: 'result-opened-by-staff'; data: { name: string; openedAt: string; reason: string; link: string } }
  /**
   * Five wrong codes locked a link the patient shared with a doctor (ADR 0061): the day it was shared, how many
   * results it holds, when it locked, and a link to their results page to issue a new code; never the tests,
   * the link or its code.
   */
  | { template: 'result-share-locked'; data: ResultShareLockedMailData }
  /**
   * On the day a retest the patient asked to be reminded of is due (issue #54): the catalog test's name, for
   * whom, a link to book it; never a value nor the finding that suggested it. A reminder: it can be switched off.
   */
  | { template: 'retest-reminder'; data: Parameters<typeof retestReminderMail>[0] }
  /** A seat freed on a day the customer waits for (issue #58): the lab and the time, held for 15 minutes; never the test. */
  | { template: 'waitlist-offer'; data: WaitlistOfferMailData }
  /** A visit of a series paid each when due comes due (issue #58): the lab, the time and the deadline to pay; never the test. */
  | { template: 'series-visit-due'; data: SeriesVisitDueMailData }
  /** The link goes to the lab dashboard. */
  | { template: 'lab-approved'; data: { name: string; link: string } }
  /** Not approved or approval withdrawn. */
  | { template: 'lab-rejected'; data: { name: string } }
  | { template: 'test-request-decided'; data: { name: string; testName: Bilingual; decision: 'approved' | 'rejected'; link: string } }
  | {
      template: 'package-decided';
      data: { name: string; packageName: Bilingual; decision: 'approved' | 'rejected'; note: string | null; link: string };
    }
  /** `total` in SAR, e.g. 149.5. */
  | {
      template: 'store-order-confirmed';
      data: Parameters<typeof storeOrderConfirmedMail>[0];
    }
  /** A store payment given straight back (its stock was sold while the buyer paid, or a second payment); `amount` in SAR. */
  | { template: 'store-payment-refunded'; data: Parameters<typeof storePaymentRefundedMail>[0] }
  /** Double opt-in. */
  | { template: 'newsletter-confirm'; data: { confirmLink: string; unsubscribeLink: string } }
  /** A paid plan's renewal was declined; the plan stays until `graceUntil` (ADR 0042's amendment). */
  | { template: 'plan-renewal-failed'; data: Parameters<typeof planRenewalFailedMail>[0] }
  /** The day before the grace period ends, the renewal still unpaid. */
  | { template: 'plan-ending-unpaid'; data: Parameters<typeof planEndingUnpaidMail>[0] }
  /** The card a plan renews with was changed by its owner: the new card's network and last four. */
  | { template: 'plan-card-changed'; data: Parameters<typeof planCardChangedMail>[0] }
  /** A plan payment that bought nothing was given back (a second payment, or a renewal no longer needed). */
  | { template: 'plan-payment-refunded'; data: Parameters<typeof planPaymentRefundedMail>[0] }
  /** Credit added to the wallet (issue #79 item 5): how much, why and until when; never whom the person invited. */
  | { template: 'wallet-credited'; data: WalletCreditedMailData }
  /** The insurer did not accept the lab's claim for an insured visit (ADR 0100): which visit, never the reasons. */
  | { template: 'insurance-claim-rejected'; data: ClaimRejectedMailData }
  /** A lab missed its stated turnaround or punctual home visit (issue #79 item 6): the credit and why. */
  | { template: 'guarantee-credited'; data: GuaranteeCreditedMailData };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailContext {
  /** The site's address, e.g. 'https://tahaleel.sa'; a trailing slash is removed. */
  publicUrl: string;
}

/** One mail in the reader's language: the subject, an HTML part, the same words as plain text, and its attachments. */
export function renderMail(message: MailMessage, locale: Locale, context: MailContext): RenderedMail {
  const publicUrl = siteAddress(context.publicUrl);
  const content = mailContent(message, locale, publicUrl);
  return {
    subject: content.subject,
    html: renderHtml(content, locale, publicUrl),
    text: renderText(content, locale, publicUrl),
    attachments:
      message.template === 'booking-confirmed' || message.template === 'booking-rescheduled'
        ? [bookingCalendarEvent(message.data, locale)]
        : [],
  };
}

const REMINDERS: ReadonlySet<MailMessage['template']> = new Set(['booking-reminder', 'retest-reminder']);

/**
 * Which setting can switch a mail off: 'reminders' for the booking reminder and the retest reminder.
 * Every other mail is transactional and always sent; the newsletter confirmation is the opt-in itself,
 * so it is sent too.
 */
export function mailCategory(template: MailMessage['template']): 'transactional' | 'reminders' {
  return REMINDERS.has(template) ? 'reminders' : 'transactional';
}

function mailContent(message: MailMessage, locale: Locale, publicUrl: string): MailContent {
  switch (message.template) {
    case 'verify-email':
      return verifyEmailMail(message.data, locale);
    case 'reset-password':
      return resetPasswordMail(message.data, locale);
    case 'password-changed':
      return passwordChangedMail(message.data, locale, publicUrl);
    case 'two-factor-reset':
      return twoFactorResetMail(message.data, locale, publicUrl);
    case 'sign-in-method-changed':
      return signInMethodChangedMail(message.data, locale, publicUrl);
    case 'sign-in-methods-removed':
      return signInMethodsRemovedMail(message.data, locale, publicUrl);
    case 'email-changed':
      return emailChangedMail(message.data, locale);
    case 'address-in-use':
      return addressInUseMail(message.data, locale, publicUrl);
    case 'booking-confirmed':
      return bookingConfirmedMail(message.data, locale);
    case 'booking-cancelled':
      return bookingCancelledMail(message.data, locale);
    case 'booking-rescheduled':
      return bookingRescheduledMail(message.data, locale);
    case 'checkout-interrupted':
      return checkoutInterruptedMail(message.data, locale);
    case 'payment-refunded':
      return paymentRefundedMail(message.data, locale);
    case 'booking-reminder':
      return bookingReminderMail(message.data, locale, publicUrl);
    case 'results-ready':
      return resultsReadyMail(message.data, locale);
    case 'results-amended':
      return resultsAmendedMail(message.data, locale);
    case 'critical-value-received':
      return criticalValueReceivedMail(message.data, locale);
    case 'interpretation-to-sign':
      return interpretationToSignMail(message.data, locale);
    case 'result-opened-by-staff':
      return resultOpenedByStaffMail(message.data, locale);
    case 'result-share-locked':
      return resultShareLockedMail(message.data, locale);
    case 'retest-reminder':
      return retestReminderMail(message.data, locale, publicUrl);
    case 'waitlist-offer':
      return waitlistOfferMail(message.data, locale);
    case 'series-visit-due':
      return seriesVisitDueMail(message.data, locale);
    case 'lab-approved':
      return labApprovedMail(message.data, locale);
    case 'lab-rejected':
      return labRejectedMail(message.data, locale);
    case 'test-request-decided':
      return testRequestDecidedMail(message.data, locale);
    case 'package-decided':
      return packageDecidedMail(message.data, locale);
    case 'store-order-confirmed':
      return storeOrderConfirmedMail(message.data, locale);
    case 'store-payment-refunded':
      return storePaymentRefundedMail(message.data, locale);
    case 'newsletter-confirm':
      return newsletterConfirmMail(message.data, locale);
    case 'plan-renewal-failed':
      return planRenewalFailedMail(message.data, locale);
    case 'plan-ending-unpaid':
      return planEndingUnpaidMail(message.data, locale);
    case 'plan-card-changed':
      return planCardChangedMail(message.data, locale);
    case 'plan-payment-refunded':
      return planPaymentRefundedMail(message.data, locale);
    case 'wallet-credited':
      return walletCreditedMail(message.data, locale);
    case 'insurance-claim-rejected':
      return claimRejectedMail(message.data, locale);
    case 'guarantee-credited':
      return guaranteeCreditedMail(message.data, locale);
  }
}

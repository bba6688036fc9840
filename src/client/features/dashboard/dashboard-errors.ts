import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type DashboardErrorCode, type dashboardFieldKeys, registerPageMessages } from '../../lib/errors.ts';

// The sentences for codes and field problems only the dashboards meet (lib/errors.ts), in the
// dashboards' catalog: the public pages' first download does not carry them.

const codes: Record<DashboardErrorCode, MessageDescriptor> = {
  LAB_LOCATION_REQUIRED: msg`Save your lab's position on the map (latitude and longitude) first: the home collection area is measured from it.`,
  BOOKING_NOT_CONFIRMED: msg`Only a confirmed booking can be marked as completed.`,
  RESERVED_VISIT_TOO_SOON: msg`A reserved visit can move to a time at least two days ahead: it is paid for by two days before its time.`,
  BOOKING_NOT_STARTED: msg`This booking has not started yet. It can be marked as completed from its start time.`,
  HOME_VISIT_NOT_NOW: msg`A collector can be marked as on the way from two hours before the visit's window until the window ends.`,
  BOOKING_CANCELLED: msg`This booking was cancelled, so no results can be added to it.`,
  BOOKING_NO_SHOW: msg`This visit was marked as a no-show, so no results can be added to it.`,
  VISIT_HAS_RESULTS: msg`This visit has results, so the patient came: it cannot be marked as a no-show.`,
  VISIT_NOT_YET: msg`This visit has not happened yet. Results can be entered from its start time.`,
  TEST_ALREADY_EXISTS: msg`A test with this English name is already in the catalogue.`,
  TEST_ALREADY_REQUESTED: msg`You have already requested this test. It is waiting for review.`,
  TEST_ALREADY_OFFERED: msg`This test is already on your price list.`,
  TEST_REQUEST_REVIEWED: msg`This test request has already been reviewed.`,
  PACKAGE_REVIEWED: msg`This package has already been reviewed.`,
  PACKAGE_NOT_APPROVED: msg`This package is waiting for the admin's approval. It goes on sale once approved.`,
  FILE_EMPTY: msg`The file is empty. Please choose the results file again.`,
  FILE_TOO_LARGE: msg`The file is larger than 10 MB. Please upload a smaller file.`,
  FILE_TYPE_NOT_ALLOWED: msg`Only PDF, JPEG and PNG files can be uploaded.`,
  RESULT_VALUE_INVALID: msg`One of the values cannot be saved as typed. Check the highlighted value and its unit.`,
  CRITICAL_CALL_REQUIRED: msg`A value is past its critical limit. Call the patient and record the call before releasing this report.`,
  NOTHING_TO_RELEASE: msg`There is no saved draft to release. Save the values first.`,
  PREMIUM_REQUIRED: msg`This is part of the Premium plan. Upgrade to use it; nothing you have is lost.`,
  INTERPRETATION_UNSIGNED: msg`The interpretive comment must be reviewed and signed by your specialist before this report is released.`,
  EMAIL_NOT_VERIFIED: msg`This account has not confirmed its e-mail address yet. A lab can be approved once its address is confirmed.`,
  STOCK_BELOW_ZERO: msg`Stock cannot go below zero. Take away at most what is in stock.`,
  ORDER_STATUS_NOT_ALLOWED: msg`This order cannot move to that status: an order only moves forward, and cannot be cancelled once shipped.`,
  STORE_MANAGED_EXTERNALLY: msg`The store's catalogue and orders are managed in the external store, not here.`,
  COLLECTION_NAME_TAKEN: msg`Another collection already has this name. Choose a different one.`,
  PAYOUT_EXCEEDS_BALANCE: msg`This amount is more than the balance owed to the lab. Check the amount and try again.`,
  PAYOUT_ALREADY_REVERSED: msg`This payout has already been reversed.`,
  NPHIES_SETTINGS_REFUSED: msg`These NPHIES settings cannot be used. Check the certificate, its private key and the address.`,
  CLAIM_NOT_RESUBMITTABLE: msg`This claim cannot be sent again: only a rejected or failed claim can, once.`,
  NPHIES_TIMEOUT: msg`Your insurer did not answer in time. Please try again in a few minutes, or pay the full price now.`,
  NPHIES_ERROR: msg`The insurance platform (NPHIES) could not process this request. Please check the insurance details and try again.`,
  NAFATH_UNAVAILABLE: msg`Nafath cannot be reached right now. Please try again in a few minutes.`,
  NAFATH_REQUEST_OPEN: msg`A Nafath request for this number is already waiting. Answer it in the Nafath app, or try again in a few minutes.`,
  NAFATH_MINOR: msg`Children under 15 have no Nafath account. Their number counts once your own ID is verified, as their guardian.`,
};

const fields: Record<(typeof dashboardFieldKeys)[number], MessageDescriptor> = {
  age_order: msg`The age band must end after it starts.`,
  bound_required: msg`Enter a low end, a high end, or both.`,
  range_order: msg`The high end must be above the low end.`,
  loinc_check_digit: msg`This is not a LOINC code: check the digits and the check digit after the hyphen, e.g. 2823-3.`,
  nphies_endpoint: msg`Enter the https address NPHIES gave your lab, e.g. https://hsb.nphies.sa/$process-message.`,
  pem_certificate: msg`Paste the certificate in PEM form, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.`,
  pem_private_key: msg`Paste the private key in PEM form, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.`,
  pem_key_encrypted: msg`This private key is protected by a passphrase. Export it without one (the key is sealed here) and paste it again.`,
  policy_expired: msg`This policy has ended: enter the end date of a policy in force.`,
};

/** The lab's price list's own field problems (shared validationMessages keys the public pages never meet). */
const priceListFields: Partial<Record<string, MessageDescriptor>> = {
  nphies_billing_code: msg`Enter the test's code from NPHIES's laboratory code system: up to 40 letters, digits, dots or hyphens, e.g. 80053-00.`,
};

/** Called by the dashboard routes when their code loads, before anything they draw can fail. */
export function registerDashboardErrors() {
  registerPageMessages(codes, { ...fields, ...priceListFields });
}

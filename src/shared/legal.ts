/**
 * The versions of the terms and of the privacy policy in force (their pages show them). Change one
 * when its text changes in substance: every user who accepted an older version is asked again at
 * their next visit (auth.me's `consent_required`) before they go on.
 */
export const TERMS_VERSION = '2026-11-21';
export const PRIVACY_VERSION = '2026-11-21';

/**
 * An account a code by SMS made (issue #55) whose owner left before giving its name and accepting the
 * terms: its next visit asks for both in the name step (auth.completePhoneSignUp), never the terms alone,
 * which would leave an account with no name (issue #77 item 3).
 */
export function signUpUnfinished(user: { name: string; consent_required: boolean; verified_phone: string | null; is_anonymous: boolean }) {
  return user.name === '' && user.consent_required && user.verified_phone !== null && !user.is_anonymous;
}

/** What the audit log records, as admin.auditLog filters it (docs/decisions/0024). */
export const AUDIT_ACTIONS = [
  'lab.approve',
  'lab.reject',
  'lab.payout',
  'lab.payout_reverse',
  'test_request.approve',
  'package.approve',
  'package.reject',
  'promo.save',
  'insurer.save',
  'wallet.settings',
  'wallet.guarantee_settings',
  'wallet.goodwill_credit',
  'test_request.reject',
  'two_factor.reset',
  'two_factor.enable',
  'two_factor.disable',
  'passkey.add',
  'passkey.remove',
  'result.upload',
  'result.read',
  'result.read_denied',
  'result.damaged',
  'result.report_save',
  'result.report_release',
  'result.report_received',
  'result.critical_call',
  'result.interpretation_sign',
  'result.share_denied',
  'result_share.create',
  'result_share.revoke',
  'result_share.new_code',
  'account.delete',
  'store.product_save',
  'store.stock_adjust',
  'store.order_status',
  'store.collection_save',
  'store.collection_delete',
  'store.image_delete',
  'review.hide',
  'review.show',
  'lab_api_key.create',
  'lab_api_key.revoke',
  'lab_insurance.networks_save',
  'lab_insurance.nphies_settings_save',
  'analyte.create',
  'analyte.save',
  'analyte.interval_save',
  'analyte.interval_delete',
  'analyte.critical_save',
  'analyte.critical_delete',
  'analyte.test_link',
  'analyte.test_unlink',
  'analyte.lab_interval_save',
  'analyte.lab_interval_delete',
  'analyte.unit_alias_add',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How many entries one page of the audit log holds at most. */
export const AUDIT_PAGE_MAX = 100;

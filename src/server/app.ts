import { trpcServer } from '@hono/trpc-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { sql } from 'kysely';
import { MAX_API_BODY_BYTES, MAX_BATCH_CALLS, MAX_BODY_BYTES, MULTIPART_OVERHEAD_BYTES } from '../shared/api-limits.ts';
import type { AppErrorCode } from '../shared/errors.ts';
import { RESULT_MAX_BYTES } from '../shared/results.ts';
import { STORE_IMAGE_MAX_BYTES } from '../shared/store-admin-schemas.ts';
import { appRouter } from './app-router.ts';
import { dataExportRoutes } from './modules/account/data-export.routes.ts';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { invoiceRoutes } from './modules/billing/billing.routes.ts';
import { configureSeller } from './modules/billing/billing.service.ts';
import { moyasarRoutes } from './modules/booking/moyasar.routes.ts';
import { exportRoutes } from './modules/exports/exports.routes.ts';
import { receiveNafathCallback } from './modules/identity/identity.service.ts';
import { nafathCallbackRoutes } from './modules/identity/nafath-callback.routes.ts';
import { insuranceCardRoutes } from './modules/insurance/insurance-card.routes.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.tsx';
import { smsReceiptRoutes } from './modules/phone/sms-receipts.routes.ts';
import { whatsappWebhookRoutes } from './modules/phone/whatsapp-webhook.routes.ts';
import { resultRoutes } from './modules/result-files/result-files.routes.ts';
import { intakeRoutes } from './modules/result-intake/result-intake.routes.ts';
import { resultShareFileRoutes, resultSharePage } from './modules/result-shares/result-shares.routes.ts';
import { storeImageRoutes } from './modules/store/store-images.routes.ts';
import { consoleLogger, loggedPath, requestLog } from './platform/logger.ts';
import type { NafathProvider } from './platform/nafath/nafath-provider.ts';
import { nafathProviderFor } from './platform/nafath/nafath-providers.ts';
import { paymentProviderFor } from './platform/payment-providers.ts';
import { resultKeysFor } from './platform/result-sealing.ts';
import { slowRefusals } from './platform/slow-refusals.ts';
import { isSameOrigin } from './same-origin.ts';
import { type AppDeps, createContext } from './trpc/context.ts';

/**
 * A refusal in the shape tRPC answers errors in (the client reads `data.appCode` alike), for requests
 * turned away before tRPC reads them. For a batch, the client gives every call of it this answer.
 */
function apiRefusal(c: Context, status: 400 | 413, appCode: AppErrorCode, details: Record<string, unknown>) {
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
  return c.json(
    {
      error: {
        message: appCode,
        code: status === 413 ? -32013 : -32600,
        data: { code, httpStatus: status, appCode, details, fieldErrors: null, formErrors: null },
      },
    },
    status,
  );
}

/** The one Hono app, shared by the Node and the Workers entries; static files are theirs. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const https = new URL(deps.env.PUBLIC_URL).protocol === 'https:';
  const log = deps.log ?? consoleLogger;
  // One provider for the procedures and the gateway's routes alike.
  const payments = deps.payments ?? paymentProviderFor(deps.env);
  // The master keys for results, files and values alike: imported once per configuration (ADR 0088).
  const keys = deps.keys ?? resultKeysFor(deps.env);
  // Nafath for the procedures and its callback route alike; the development one posts its callbacks
  // to the same handling in process.
  const nafath: NafathProvider | null =
    deps.nafath === undefined
      ? nafathProviderFor(deps.env, (body) => receiveNafathCallback(deps.db, nafath as NafathProvider, body))
      : deps.nafath;
  deps = { ...deps, payments, keys, nafath };
  configureSeller(deps.env);

  if (deps.log) app.use(requestLog(deps.log));
  app.use(slowRefusals({ clientIp: (c) => deps.clientIp?.(c), maxDelayMs: deps.env.SLOW_REFUSALS_MAX_MS }));
  // Every body is bounded before it is read, while it streams (issue #74): 1 MB, or past it 413. Routes
  // that answer in a format of their own bound theirs where they are mounted: tRPC (1 MB, below), a lab's
  // messages (1 MB, result-intake.routes.ts); uploads under /files bound theirs to their file's size (result
  // files 10 MB, store pictures), inside the largest of them here.
  const ownBodyLimits = ['/trpc/', '/hl7/v2', '/fhir/r4'];
  const largestUpload = Math.max(RESULT_MAX_BYTES, STORE_IMAGE_MAX_BYTES) + MULTIPART_OVERHEAD_BYTES;
  const bodyLimits = {
    files: bodyLimit({ maxSize: largestUpload, onError: (c) => c.text('Payload Too Large', 413) }),
    other: bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) }),
  };
  app.use((c, next) => {
    const path = c.req.path;
    if (ownBodyLimits.some((prefix) => path.startsWith(prefix))) return next();
    return (path.startsWith('/files/') ? bodyLimits.files : bodyLimits.other)(c, next);
  });
  app.onError((error, c) => {
    // A refusal a middleware raised on purpose (the CSRF check's 403) is an answer, not a failure.
    if (error instanceof HTTPException) return error.getResponse();
    log.error({ err: error, req_id: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.path) }, 'request failed');
    return c.text('Internal Server Error', 500);
  });

  // Chakra's style engine writes <style> tags, hence inline styles; scripts come only from us.
  const siteHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', tileSource(deps.env.MAP_TILES_URL)],
      fontSrc: ["'self'", 'data:'],
      // The checkout's card form posts to the payment gateway (Moyasar's form model: ADR 0026).
      connectSrc: payments.browser ? ["'self'", new URL(payments.browser.apiUrl).origin] : ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: payments.browser ? ["'self'", new URL(payments.browser.apiUrl).origin] : ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  });
  // A response with a policy of its own keeps it: a result file is served sandboxed, a doctor's share
  // page sends no referrer.
  const ownPolicies = ['Content-Security-Policy', 'Referrer-Policy'];
  app.use(async (c, next) => {
    let own: [string, string][] = [];
    await siteHeaders(c, async () => {
      await next();
      own = ownPolicies.flatMap((name) => {
        const value = c.res.headers.get(name);
        return value ? [[name, value] as [string, string]] : [];
      });
    });
    for (const [name, value] of own) c.res.headers.set(name, value);
  });

  // A lab's own system posts results with its API key, from no browser: no cookie is read, so the
  // cross-site checks below (which would turn away an HL7 message sent as text/plain) do not apply.
  app.route('/', intakeRoutes({ db: deps.db, env: deps.env, keys, clientIp: deps.clientIp, log }));
  // So does an SMS gateway posting its delivery receipts as a form (issue #55), when their URL's secret is set.
  if (deps.env.SMS_WEBHOOK_SECRET) app.route('/sms/receipts', smsReceiptRoutes({ db: deps.db, secret: deps.env.SMS_WEBHOOK_SECRET }));
  // And Elm, posting a Nafath request's outcome as a token signed with its published keys (ADR 0096).
  if (nafath) app.route('/nafath/callback', nafathCallbackRoutes({ db: deps.db, nafath, log }));
  // And Meta, posting WhatsApp messages' statuses signed with the app's secret (ADR 0073).
  if (deps.env.WHATSAPP_APP_SECRET && deps.env.WHATSAPP_VERIFY_TOKEN) {
    app.route(
      '/whatsapp/webhook',
      whatsappWebhookRoutes({ db: deps.db, appSecret: deps.env.WHATSAPP_APP_SECRET, verifyToken: deps.env.WHATSAPP_VERIFY_TOKEN }),
    );
  }

  app.use(csrf({ origin: (origin) => isSameOrigin(origin, deps.env.PUBLIC_URL) }));
  // Hono's csrf looks at form posts only; a browser's JSON POST from another origin is refused here.
  app.use(async (c, next) => {
    const origin = c.req.header('origin');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && origin && !isSameOrigin(origin, deps.env.PUBLIC_URL)) {
      return c.text('Forbidden', 403);
    }
    await next();
  });

  app.route('/auth/google', googleRoutes(deps));
  // The gateway posts its webhook from its own servers: no Origin header, so the checks above pass it.
  if (payments.browser) app.route('/payments/moyasar', moyasarRoutes({ db: deps.db, env: deps.env, payments, log }));
  app.route('/invoices', invoiceRoutes({ db: deps.db, env: deps.env }));
  app.route('/exports', exportRoutes({ db: deps.db, env: deps.env, log }));
  // Only where the connection's own address is known (Node; never the Worker), to check it is this machine's.
  if (deps.env.DEV_MAILBOX && deps.socketAddress)
    app.route('/dev/mailbox', devMailboxRoutes(deps.db, deps.env.PUBLIC_URL, deps.socketAddress));

  // A doctor's page for a patient's share link (ADR 0061): its status and private headers here, the page
  // itself drawn by the runtime's handlers after these (node.ts, worker.ts).
  app.use('/share/:token', resultSharePage({ db: deps.db, clientIp: deps.clientIp }));
  if (deps.blobs) {
    const blobs = deps.blobs;
    const vault = keys.then((made) => ({ ...made, blobs }));
    app.route('/files/results', resultRoutes({ db: deps.db, env: deps.env, vault, clientIp: deps.clientIp, log }));
    app.route('/files/insurance-cards', insuranceCardRoutes({ db: deps.db, env: deps.env, vault }));
    app.route('/share', resultShareFileRoutes({ db: deps.db, vault, clientIp: deps.clientIp }));
    app.route('/files/store-images', storeImageRoutes({ db: deps.db, env: deps.env, blobs: deps.blobs, images: deps.images }));
    app.route('/account', dataExportRoutes({ db: deps.db, env: deps.env, vault, clientIp: deps.clientIp }));
  } else {
    app.all('/files/*', (c) => c.json({ error: { appCode: 'INTERNAL', details: { reason: 'no result storage' } } }, 503));
  }

  // Apple's check that this domain may show Apple Pay (ADR 0026): the file Moyasar's dashboard gives, as it is.
  const appleAssociation = deps.env.APPLE_PAY_DOMAIN_ASSOCIATION;
  if (appleAssociation)
    app.get('/.well-known/apple-developer-merchantid-domain-association', (c) =>
      c.body(appleAssociation, 200, { 'content-type': 'text/plain; charset=utf-8' }),
    );

  // The process answers (a liveness probe): nothing else is asked, so a slow database restarts nothing.
  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  // Ready for traffic (a load balancer's probe): the database answers, every migration this code knows
  // has run, and the process is not shutting down.
  app.get('/readyz', async (c) => {
    if (deps.readiness?.draining()) return c.json({ status: 'draining' }, 503);
    try {
      await sql`select 1`.execute(deps.db);
    } catch {
      return c.json({ status: 'unavailable', reason: 'database' }, 503);
    }
    const pending = (await deps.readiness?.pendingMigrations()) ?? [];
    if (pending.length > 0) return c.json({ status: 'unavailable', reason: 'migrations', pending }, 503);
    return c.json({ status: 'ready' });
  });

  // Limits before any call runs: a body is read up to 1 MB (413 at once when it says it is larger),
  // and a batch carries at most 10 calls (one POST of 30 sign-ins was 30 password hashes).
  app.use(
    '/trpc/*',
    bodyLimit({
      maxSize: MAX_API_BODY_BYTES,
      onError: (c) => apiRefusal(c, 413, 'REQUEST_TOO_LARGE', { maxBytes: MAX_API_BODY_BYTES }),
    }),
  );
  app.use('/trpc/*', async (c, next) => {
    const calls = c.req.path.slice('/trpc/'.length).split(',').length;
    if (calls > MAX_BATCH_CALLS) {
      c.set('refused', true);
      return apiRefusal(c, 400, 'REQUEST_TOO_LARGE', { maxCalls: MAX_BATCH_CALLS, calls });
    }
    await next();
  });
  app.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/trpc',
      router: appRouter,
      // The request id rides along for onError's log line; procedures never read it.
      createContext: async (opts, c) => ({ ...(await createContext(deps, c, opts.resHeaders)), requestId: c.get('requestId') }),
      onError({ error, path, ctx }) {
        if (error.code !== 'INTERNAL_SERVER_ERROR') return;
        log.error(
          { err: error.cause ?? error, procedure: path ?? '?', req_id: (ctx as { requestId?: string } | undefined)?.requestId },
          'procedure failed',
        );
      },
    }),
  );

  return app;
}

/** The CSP source that allows a tile server's images: its origin, any subdomain where it has an {s} place. */
function tileSource(tileUrl: string): string {
  const url = new URL(tileUrl.replaceAll('{s}', 'tile-subdomain'));
  return `${url.protocol}//${url.host.replace('tile-subdomain', '*')}`;
}

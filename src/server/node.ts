import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { pino } from 'pino';
import { PAGE_ASSETS_FILE } from '../shared/page-document.ts';
import { createApp } from './app.ts';
import { describeDemoAccounts, prepareDatabase } from './bootstrap.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createMigrator } from './db/migrate.ts';
import { assertReadyToServe, describeListening, EnvError, parseEnv, s3Settings } from './env.ts';
import { recoverInterruptedCheckouts } from './modules/booking/checkout-recovery.service.ts';
import { startSeriesDueMails } from './modules/booking/series-payments.service.ts';
import { startClaimRounds } from './modules/insurance-claims/insurance-claims.service.ts';
import { developmentTransport, type MailTransport, smtpTransport } from './modules/mail/mail-transports.ts';
import { createOutboxSender } from './modules/mail/outbox-sender.ts';
import { nphiesOptionsFromEnv } from './modules/nphies/nphies.service.ts';
import { startPhoneMessages } from './modules/phone/phone-messages.service.ts';
import { diskBlobStore } from './modules/result-files/disk-blob-store.ts';
import { s3BlobStore } from './modules/result-files/s3-blob-store.ts';
import { startPlanRenewals } from './modules/subscriptions/plan-renewals.service.ts';
import { startWaitlistOffers } from './modules/waitlist/waitlist.service.ts';
import { followCatalogVersion } from './platform/catalog-version.ts';
import { clientBucket } from './platform/client-address.ts';
import { setPasswordCost } from './platform/password.ts';
import { paymentProviderFor } from './platform/payment-providers.ts';
import { resultKeysFor } from './platform/result-sealing.ts';
import { sharpImageResizer } from './platform/sharp-image-resizer.ts';
import { smsProviderFor } from './platform/sms/sms-providers.ts';
import { whatsappProviderFor } from './platform/whatsapp/whatsapp-providers.ts';
import { resultsKeyFromDataDir } from './results-key-file.ts';
import { clientPagesOrNotFound, readServerPageParts, type ServerEntry, serverRenderedPages } from './server-rendered-pages.ts';
import type { AppDeps } from './trpc/context.ts';

/** How long a stop waits for the requests in flight before it closes the database anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The folder of package.json, from the sources (tsx) and from the compiled server (dist/node) alike. */
function projectRoot(): string {
  let folder = import.meta.dirname;
  while (!existsSync(resolve(folder, 'package.json'))) {
    if (dirname(folder) === folder) throw new Error(`no package.json above ${import.meta.dirname}`);
    folder = dirname(folder);
  }
  return folder;
}

const clientRoot = resolve(projectRoot(), 'dist/client');

async function main() {
  let env = parseEnv(process.env);
  // In production result files are sealed with a key from the environment, or the server does not start.
  assertReadyToServe(env);
  // One JSON line per entry on standard output, for the platform's log collector.
  const log = pino({ level: env.LOG_LEVEL });
  if (!env.RESULTS_ENCRYPTION_KEY && env.NODE_ENV === 'development') {
    // `npm run dev:server`: the key `npm start` keeps under DATA_DIR, so both open the same files.
    const kept = resultsKeyFromDataDir(env.DATA_DIR);
    env = parseEnv({ ...process.env, RESULTS_ENCRYPTION_KEY: kept.key });
    log.info(`Result files are sealed with the key in ${kept.path}${kept.created ? ' (made now)' : ''}.`);
  } else if (!env.RESULTS_ENCRYPTION_KEY) {
    log.warn('No RESULTS_ENCRYPTION_KEY: result files can be neither uploaded nor opened.');
  }
  setPasswordCost(env.PASSWORD_COST);
  const database = await prepareDatabase(env, (line) => log.info(line));
  const s3 = s3Settings(env);
  const catalogFollower = followCatalogVersion(database.db, database.listen, { log });
  // Checkouts this instance was paying for when it last stopped end now, before it serves anyone.
  const payments = paymentProviderFor(env);
  const instance = env.INSTANCE_NAME ?? `${hostname()}:${env.PORT}`;
  await recoverInterruptedCheckouts(database.db, payments, instance, log);
  let draining = false;
  const deps: AppDeps = {
    db: database.db,
    env,
    payments,
    instance,
    // Result files: the object store when configured (every instance shares it), else this machine's disk.
    blobs: s3 ? s3BlobStore(s3) : diskBlobStore(resolve(env.DATA_DIR, 'results')),
    // Store pictures' sizes: sharp, native, so only here (docs/decisions/0029).
    images: sharpImageResizer(),
    // The client address the limits see: the proxies' entry or the socket's, an IPv6 client's as its /64.
    clientIp: (c) => clientBucket(c.req.header('x-forwarded-for'), env.TRUST_PROXY, getConnInfo(c).remote.address),
    socketAddress: (c) => getConnInfo(c).remote.address,
    log,
    readiness: {
      draining: () => draining,
      pendingMigrations: async () =>
        (await createMigrator(database.db).getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name),
    },
  };
  const app = createApp(deps);

  // Mail goes out from the outbox (docs/decisions/0016): over SMTP, or into the development mailbox.
  let transport: MailTransport | null = null;
  if (env.SMTP_URL) transport = smtpTransport(env.SMTP_URL);
  else if (env.DEV_MAILBOX) transport = developmentTransport(env.PUBLIC_URL, (line) => log.info(line));
  else log.warn('No SMTP_URL: mail stays in the outbox, undelivered, until one is set.');
  const mailSender = transport
    ? createOutboxSender({
        db: database.db,
        transport,
        from: env.MAIL_FROM,
        publicUrl: env.PUBLIC_URL,
        log: (message, error) => log.error({ err: error }, message),
      })
    : null;
  mailSender?.start();
  // Paid plans renew from here, every instance sharing the due ones out (ADR 0042's amendment).
  const planRenewals = startPlanRenewals({ db: database.db, payments, graceDays: env.PLAN_RENEWAL_GRACE_DAYS, log });
  // Seats freed on full days go to the waitlist, first come first offered (ADR 0069).
  const waitlistOffers = startWaitlistOffers({ db: database.db, log });
  // A series' visit paid when due is told to its customer a week before it (ADR 0075).
  const seriesDueMails = startSeriesDueMails({ db: database.db, log });
  // Insured visits are claimed from their insurers through the labs' NPHIES identities once results are final (ADR 0100).
  const claimRounds = startClaimRounds({ db: database.db, keys: await resultKeysFor(env), options: nphiesOptionsFromEnv(env), log });
  // Text messages (issue #55) through SMS_PROVIDER, and WHATSAPP_PROVIDER for those who chose it; without an
  // SMS gateway they wait in their outbox (a code can go no other way).
  const sms = smsProviderFor(env);
  if (!sms) log.warn('No SMS_PROVIDER: text messages stay in their outbox, unsent, until one is set.');
  const whatsapp = whatsappProviderFor(env);
  const phoneMessages = sms ? startPhoneMessages({ db: database.db, sms, whatsapp, publicUrl: env.PUBLIC_URL, log }) : null;

  if (existsSync(resolve(clientRoot, 'index.html'))) {
    const indexHtml = readFileSync(resolve(clientRoot, 'index.html'), 'utf8');
    // The client's files go out gzipped, as Cloudflare does for the Workers build.
    app.use('*', compress());
    app.use(
      '/assets/*',
      serveStatic({
        root: clientRoot,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // The public pages drawn on the server (built by `npm run build` beside the client).
    const serverEntry = resolve(clientRoot, '../server/entry-server.js');
    // Both from the same build: a build older than page-assets.json (ADR 0044) draws nothing here.
    if (existsSync(serverEntry) && existsSync(resolve(clientRoot, PAGE_ASSETS_FILE))) {
      const entry = (await import(serverEntry)) as ServerEntry;
      const server = await readServerPageParts((path) => readFileSync(resolve(clientRoot, `.${path}`), 'utf8'));
      app.use('*', serverRenderedPages(deps, server, entry));
      app.use('*', serveStatic({ root: clientRoot }));
      // Every other page: the client's to draw when a route knows it, else "not found" with 404.
      app.get('*', clientPagesOrNotFound(deps, { indexHtml, server }, entry));
    } else {
      log.warn(
        `No server entry at ${serverEntry}, or no ${PAGE_ASSETS_FILE} beside the client: every page is drawn by the client (\`npm run build\` builds both).`,
      );
      app.use('*', serveStatic({ root: clientRoot }));
      app.get('*', (c) => c.html(indexHtml));
    }
  } else {
    log.warn(`No built client at ${clientRoot}: run \`npm run build\` (npm start does it for you).`);
  }

  // Requests still being answered; shutdown waits for them (a closed socket does not end its handler).
  let inFlight = 0;
  const fetch: typeof app.fetch = async (request, ...rest) => {
    inFlight++;
    try {
      return await app.fetch(request, ...rest);
    } finally {
      inFlight--;
    }
  };

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info(`Tahaleel is serving ${env.PUBLIC_URL} (port ${info.port}, ${database.engine} at ${database.location})`);
    log.info(describeListening(env, info.port));
    const accounts = describeDemoAccounts(database);
    if (accounts) process.stdout.write(`${accounts}\n`);
  });

  // An idle connection outlives the proxy's idle timeout (Node's own default is 5 s), and the time
  // allowed for a request's headers stays longer than it, as Node's documentation asks.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000;
    server.headersTimeout = Math.max(server.headersTimeout, server.keepAliveTimeout + 1000);
  }

  const untilIdle = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  // Stop taking requests (/readyz says so), let those in flight finish (bounded), close the database, exit.
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    // Whatever hangs below (a log write to a reader that has gone, a connection that never closes),
    // the process is gone soon after the grace period: a stop must never leave an orphan behind.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5000).unref();
    log.info(`${signal}: finishing ${inFlight} request(s) in flight, then stopping`);
    let closing = false;
    const close = () => {
      if (closing) return;
      closing = true;
      void Promise.all([
        catalogFollower.stop(),
        mailSender?.stop(),
        planRenewals.stop(),
        waitlistOffers.stop(),
        seriesDueMails.stop(),
        claimRounds.stop(),
        phoneMessages?.stop(),
      ])
        .then(() => transport?.close())
        .then(() => database.db.destroy())
        .then(() => log.info('stopped'))
        .catch((error: unknown) => log.error({ err: error }, 'stopping failed'))
        .finally(() => process.exit(0));
    };
    server.close(() => void untilIdle().then(close));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(close, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Tahaleel failed to start:', error);
  }
  process.exit(1);
});

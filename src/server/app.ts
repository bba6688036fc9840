import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { sql } from 'kysely';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.tsx';
import { resultRoutes } from './modules/results/results.routes.ts';
import { consoleLogger, requestLog } from './platform/logger.ts';
import { isSameOrigin } from './same-origin.ts';
import { type AppDeps, createContext } from './trpc/context.ts';
import { appRouter } from './trpc/router.ts';

/** The one Hono app, shared by the Node and the Workers entries; static files are theirs. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const https = new URL(deps.env.PUBLIC_URL).protocol === 'https:';
  const log = deps.log ?? consoleLogger;

  if (deps.log) app.use(requestLog(deps.log));
  app.onError((error, c) => {
    log.error({ err: error, req_id: c.get('requestId'), method: c.req.method, path: c.req.path }, 'request failed');
    return c.text('Internal Server Error', 500);
  });

  // Chakra's style engine writes <style> tags, hence inline styles; scripts come only from us.
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
    }),
  );

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
  if (deps.env.DEV_MAILBOX) app.route('/dev/mailbox', devMailboxRoutes(deps.db, deps.env.PUBLIC_URL));

  if (deps.blobs) {
    app.route('/files/results', resultRoutes({ db: deps.db, env: deps.env, blobs: deps.blobs }));
  } else {
    app.all('/files/*', (c) => c.json({ error: { appCode: 'INTERNAL', details: { reason: 'no result storage' } } }, 503));
  }

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

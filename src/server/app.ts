import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { sql } from 'kysely';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.tsx';
import { resultRoutes } from './modules/results/results.routes.ts';
import { isSameOrigin } from './same-origin.ts';
import { type AppDeps, createContext } from './trpc/context.ts';
import { appRouter } from './trpc/router.ts';

/** The one Hono app, shared by the Node and the Workers entries; static files are theirs. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const https = new URL(deps.env.PUBLIC_URL).protocol === 'https:';

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

  app.get('/healthz', async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/trpc',
      router: appRouter,
      createContext: (opts, c) => createContext(deps, c, opts.resHeaders) as unknown as Promise<Record<string, unknown>>,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed:`, error.cause ?? error);
      },
    }),
  );

  return app;
}

import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { secondFactorStanding } from '../../platform/second-factor-standing.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { toTrpcError } from '../../trpc/init.ts';
import { invoicePdf } from './billing.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
}

/**
 * `GET /invoices/{id}.pdf`: an invoice or credit note as a PDF the browser saves, for its buyer and an
 * administrator (anyone else gets 404, as for an id that does not exist; 401 without a session).
 */
export function invoiceRoutes(deps: Deps) {
  const routes = new Hono();

  routes.get('/:file{[0-9a-fA-F-]{36}\\.pdf}', async (c) => {
    try {
      const token = readSessionToken(c, deps.env.PUBLIC_URL);
      const user = token ? (await validateSessionToken(deps.db, token))?.user : undefined;
      if (!user) throw new AppError('UNAUTHENTICATED');
      // The two-factor rule holds here as for every procedure (docs/decisions/0023).
      if ((await secondFactorStanding(deps.db, user, deps.env.TWO_FACTOR_GRACE_DAYS)) === 'setup_required') {
        throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
      }
      const { number, bytes } = await invoicePdf(deps.db, user, c.req.param('file').slice(0, -'.pdf'.length).toLowerCase());
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="${number}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
      return c.json({ error: { appCode: error.code, details: error.details } }, status);
    }
  });

  return routes;
}

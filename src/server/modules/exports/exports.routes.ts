import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { bookingsExportQuery, ordersExportQuery, transactionsExportQuery } from '../../../shared/export-schemas.ts';
import type { Locale } from '../../../shared/locale.ts';
import { LOCALE_COOKIE } from '../../../shared/server-rendering.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../platform/logger.ts';
import { secondFactorStanding } from '../../platform/second-factor-standing.ts';
import { type SessionUser, validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { toTrpcError } from '../../trpc/init.ts';
import { csvStream } from './csv.ts';
import { bookingsCsv, type CsvFile, ordersCsv, transactionsCsv } from './exports.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
  log: Pick<Logger, 'error'>;
}

/** The signed-in user, held to the rules every procedure holds them to (two factors, consent in force). */
async function requester(c: Context, deps: Deps): Promise<SessionUser> {
  const token = readSessionToken(c, deps.env.PUBLIC_URL);
  const user = token ? ((await validateSessionToken(deps.db, token))?.user ?? null) : null;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if ((await secondFactorStanding(deps.db, user, deps.env.TWO_FACTOR_GRACE_DAYS)) === 'setup_required') {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  if (user.consent_required) throw new AppError('CONSENT_UPDATE_REQUIRED');
  return user;
}

function requireAdmin(user: SessionUser): void {
  if (user.user_type !== 'admin') throw new AppError('FORBIDDEN', { requiredRole: 'admin' });
}

/** The query string through its schema: a bad filter is 400, as a procedure's bad input is. */
function filters<Schema extends z.ZodType>(c: Context, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', { fields: [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))] });
  }
  return parsed.data;
}

/** The header row's language: the link's `locale`, else the site's language cookie, else Arabic. */
function localeOf(c: Context, asked: Locale | undefined): Locale {
  return asked ?? (getCookie(c, LOCALE_COOKIE) === 'en' ? 'en' : 'ar');
}

function send(c: Context, file: CsvFile, log: Deps['log']) {
  const stream = csvStream(file.header, file.batches, (error) =>
    log.error({ err: error, req_id: c.get('requestId'), path: c.req.path }, 'CSV export failed while streaming'),
  );
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * `GET /exports/{transactions|bookings|orders}.csv`: the dashboard's lists as files a spreadsheet
 * opens, for the filters the list shows (the query string), streamed a batch at a time. Transactions
 * and store orders are the admin's; bookings are the admin's (every lab's) and an approved lab's (its
 * own). 401 without a session, 403 for anyone else, 400 for a filter that does not parse.
 */
export function exportRoutes(deps: Deps) {
  const routes = new Hono();

  const handle = (make: (c: Context, user: SessionUser) => CsvFile) => async (c: Context) => {
    try {
      const user = await requester(c, deps);
      return send(c, make(c, user), deps.log);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
      return c.json({ error: { appCode: error.code, details: error.details } }, status);
    }
  };

  routes.get(
    '/transactions.csv',
    handle((c, user) => {
      requireAdmin(user);
      const query = filters(c, transactionsExportQuery);
      return transactionsCsv(deps.db, query, localeOf(c, query.locale));
    }),
  );

  routes.get(
    '/bookings.csv',
    handle((c, user) => {
      if (user.user_type === 'lab') {
        if (!user.approved) throw new AppError('LAB_NOT_APPROVED');
      } else requireAdmin(user);
      const query = filters(c, bookingsExportQuery);
      const viewer = user.user_type === 'lab' ? { role: 'lab' as const, labId: user.id } : { role: 'admin' as const };
      return bookingsCsv(deps.db, viewer, query, localeOf(c, query.locale));
    }),
  );

  routes.get(
    '/orders.csv',
    handle((c, user) => {
      requireAdmin(user);
      const query = filters(c, ordersExportQuery);
      return ordersCsv(deps.db, deps.env, query, localeOf(c, query.locale));
    }),
  );

  return routes;
}

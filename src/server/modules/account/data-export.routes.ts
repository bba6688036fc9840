import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { toTrpcError } from '../../trpc/init.ts';
import type { ResultVault } from '../result-files/result-files.service.ts';
import { exportAccountData } from './data-export.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
  /** The blob store and the master keys, made once per configuration (ADR 0088). */
  vault: Promise<ResultVault>;
  clientIp?: (c: Context) => string | undefined;
}

/**
 * `GET /account/export.zip`: the signed-in user's data as a file the browser saves (a download, not a
 * tRPC answer: a zip of result files does not belong in JSON). 401 without a session.
 */
export function dataExportRoutes(deps: Deps) {
  const routes = new Hono();

  routes.get('/export.zip', async (c) => {
    try {
      const token = readSessionToken(c, deps.env.PUBLIC_URL);
      const user = token ? (await validateSessionToken(deps.db, token))?.user : undefined;
      if (!user) throw new AppError('UNAUTHENTICATED');
      const zip = await exportAccountData(deps.db, await deps.vault, user, deps.clientIp?.(c) ?? 'unknown');
      const day = new Date().toISOString().slice(0, 10);
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.byteLength),
        'Content-Disposition': `attachment; filename="tahaleel-data-${day}.zip"`,
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

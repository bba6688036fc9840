import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { shareCode } from '../../../shared/result-share-schemas.ts';
import { SHARE_CODE_HEADER } from '../../../shared/result-shares.ts';
import type { Database } from '../../db/schema.ts';
import { attachmentDisposition } from '../../platform/content-disposition.ts';
import { toTrpcError } from '../../trpc/init.ts';
import type { ResultVault } from '../result-files/result-files.service.ts';
import { openSharedFile, shareStateForPage } from './result-shares.service.ts';

/**
 * What every answer under a share link carries: no search engine lists it, no cache keeps it, and no
 * page it links to learns the link from the referrer.
 */
const PRIVATE_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

interface Deps {
  db: Kysely<Database>;
  /** The caller's address as the runtime knows it (the entry decides whom to believe). */
  clientIp?: (c: Context) => string | undefined;
}

function withPrivateHeaders(response: Response, status = response.status): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status, statusText: '', headers });
}

/**
 * The doctor's page, `GET /share/:token` (ADR 0061): the app's page as the runtime draws it (the
 * handlers after this one), answered 200 for a live share, 410 for one expired, revoked or locked (the
 * attempt recorded; the page then says so), 404 for a link that never was; always with the private
 * page headers. Past the per-address limit, 429 and no page.
 */
export function resultSharePage(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let state: Awaited<ReturnType<typeof shareStateForPage>>;
    try {
      state = await shareStateForPage(deps.db, c.req.param('token') ?? '', deps.clientIp?.(c) ?? 'unknown');
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      const retryAfter = String(error.details.retryAfterSeconds ?? 60);
      return withPrivateHeaders(new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': retryAfter } }));
    }
    await next();
    // Only a page the app drew takes the share's status; anything else (no page built) stays as it is.
    const status = c.res.status === 200 ? { live: 200, gone: 410, unknown: 404 }[state] : c.res.status;
    c.res = withPrivateHeaders(c.res, status);
  };
}

/** The same `{ error: { appCode } }` shape the client reads from tRPC, with the matching HTTP status. */
function errorResponse(c: Context, error: AppError) {
  const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
  return withPrivateHeaders(c.json({ error: { appCode: error.code, details: error.details } }, status));
}

/**
 * A shared booking's result file for the doctor, `GET /share/:token/files/:resultId`, the code (if the
 * share has one) in the `x-share-code` header: opened whole and checked before a byte is sent, every
 * download recorded as a doctor's read through the share.
 */
export function resultShareFileRoutes(deps: Deps & { vault: Promise<ResultVault> }) {
  const routes = new Hono();

  routes.get('/:token/files/:resultId', async (c) => {
    try {
      const resultId = z.uuid().safeParse(c.req.param('resultId'));
      if (!resultId.success) throw new AppError('NOT_FOUND', { entity: 'result' });
      const codeHeader = c.req.header(SHARE_CODE_HEADER);
      const code = codeHeader === undefined ? undefined : shareCode.safeParse(codeHeader);
      if (code && !code.success) throw new AppError('VALIDATION_FAILED', { fields: ['code'] });
      const file = await openSharedFile(
        deps.db,
        await deps.vault,
        { token: c.req.param('token'), code: code?.data, resultId: resultId.data },
        deps.clientIp?.(c) ?? 'unknown',
      );
      return withPrivateHeaders(
        c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': file.contentType,
          'Content-Length': String(file.bytes.byteLength),
          'Content-Disposition': attachmentDisposition(file.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        }),
      );
    } catch (error) {
      if (error instanceof AppError) return errorResponse(c, error);
      throw error;
    }
  });

  return routes;
}

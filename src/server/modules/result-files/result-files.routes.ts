import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MULTIPART_OVERHEAD_BYTES } from '../../../shared/api-limits.ts';
import { AppError } from '../../../shared/errors.ts';
import { hasVisibleText } from '../../../shared/plain-text.ts';
import { RESULT_MAX_BYTES, RESULT_READ_REASON_MAX } from '../../../shared/results.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { attachmentDisposition } from '../../platform/content-disposition.ts';
import type { Logger } from '../../platform/logger.ts';
import { secondFactorStanding } from '../../platform/second-factor-standing.ts';
import { passwordRecentlyConfirmed, validateSessionToken } from '../../platform/session.ts';
import { readSessionToken, sessionCookie } from '../../platform/session-cookie.ts';
import { toTrpcError } from '../../trpc/init.ts';
import { type ResultVault, readResult, uploadResult } from './result-files.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
  /** The blob store and the master keys, made once per configuration (ADR 0088). */
  vault: Promise<ResultVault>;
  /** The caller's address as the runtime knows it (the entry decides whom to believe). */
  clientIp?: (c: Context) => string | undefined;
  log: Logger;
}

/** An administrator's reason for opening a patient's result: `?reason=`, trimmed, 1–500 characters, no NUL, not only invisible characters. */
const readReason = z
  .string()
  .trim()
  .min(1)
  .max(RESULT_READ_REASON_MAX)
  .refine((reason) => !reason.includes('\u0000') && hasVisibleText(reason))
  .optional();

/** The same `{ error: { appCode } }` shape the client reads from tRPC, with the matching HTTP status. */
function errorResponse(c: Context, error: AppError) {
  const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
  return c.json({ error: { appCode: error.code, details: error.details } }, status);
}

/** The signed-in user, if any; an administrator only within PASSWORD_CONFIRMATION_MINUTES of entering the password. */
async function caller(c: Context, deps: Deps, { sensitive }: { sensitive: boolean } = { sensitive: false }) {
  const token = readSessionToken(c, deps.env.PUBLIC_URL);
  const validation = token ? await validateSessionToken(deps.db, token) : null;
  if (token && validation?.renewed)
    c.header('Set-Cookie', sessionCookie(deps.env.PUBLIC_URL, token, validation.session.expiresAt), { append: true });
  const user = validation?.user ?? null;
  // The two-factor rule holds here as for every procedure (docs/decisions/0023).
  if (user && (await secondFactorStanding(deps.db, user, deps.env.TWO_FACTOR_GRACE_DAYS)) === 'setup_required') {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  // And the consent rule (docs/decisions/0024): results are the service, which the terms in force govern.
  if (user?.consent_required) throw new AppError('CONSENT_UPDATE_REQUIRED');
  // Opening a patient's result is one of an administrator's sensitive actions (as in the admin router).
  if (sensitive && user?.user_type === 'admin' && validation && !passwordRecentlyConfirmed(validation.session)) {
    throw new AppError('PASSWORD_CONFIRMATION_REQUIRED');
  }
  return user;
}

/**
 * Result files as plain HTTP: uploads are multipart (no base64 inflation through tRPC, see
 * docs/decisions/0007-result-uploads-over-multipart.md) and downloads are ordinary links the browser saves.
 * Same-origin is enforced for the POST by the app's CSRF middleware; the session cookie says who is asking.
 */
export function resultRoutes(deps: Deps) {
  const routes = new Hono();

  routes.post(
    '/',
    bodyLimit({
      maxSize: RESULT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => errorResponse(c, new AppError('FILE_TOO_LARGE', { maxBytes: RESULT_MAX_BYTES })),
    }),
    async (c) => {
      try {
        const user = await caller(c, deps);
        if (!user) throw new AppError('UNAUTHENTICATED');
        const form = await c.req.parseBody().catch(() => null);
        const bookingId = z.uuid().safeParse(form?.bookingId);
        const file = form?.file;
        if (!bookingId.success || !(file instanceof File)) {
          throw new AppError('VALIDATION_FAILED', { fields: ['bookingId', 'file'] });
        }
        const result = await uploadResult(deps.db, await deps.vault, user, {
          bookingId: bookingId.data,
          fileName: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        });
        return c.json({ result }, 201);
      } catch (error) {
        if (error instanceof AppError) return errorResponse(c, error);
        throw error;
      }
    },
  );

  routes.get('/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const reason = readReason.safeParse(c.req.query('reason'));
    try {
      if (!id.success) throw new AppError('NOT_FOUND', { entity: 'result' });
      if (!reason.success) throw new AppError('VALIDATION_FAILED', { fields: ['reason'], maxLength: RESULT_READ_REASON_MAX });
      const clientIp = deps.clientIp?.(c) ?? 'unknown';
      // The whole file is opened and checked before the first byte of the answer is written.
      const file = await readResult(deps.db, await deps.vault, await caller(c, deps, { sensitive: true }), id.data, {
        clientIp,
        reason: reason.data,
      });
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': attachmentDisposition(file.fileName),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    } catch (error) {
      if (error instanceof AppError) {
        if (error.code === 'RESULT_DAMAGED') {
          deps.log.error(
            { result_id: error.details.resultId, req_id: c.get('requestId') },
            'a result file failed its integrity check; nothing was sent',
          );
        }
        return errorResponse(c, error);
      }
      throw error;
    }
  });

  return routes;
}

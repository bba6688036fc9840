import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MULTIPART_OVERHEAD_BYTES } from '../../../shared/api-limits.ts';
import { AppError } from '../../../shared/errors.ts';
import { RESULT_MAX_BYTES } from '../../../shared/results.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { toTrpcError } from '../../trpc/init.ts';
import type { ResultVault } from '../result-files/result-files.service.ts';
import { readCardPhoto, removeCardPhoto, uploadCardPhoto } from './insurance-card.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
  /** The blob store and the master keys, made once per configuration (ADR 0088). */
  vault: Promise<ResultVault>;
}

function errorResponse(c: Context, error: AppError) {
  const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
  return c.json({ error: { appCode: error.code, details: error.details } }, status);
}

/** The signed-in customer (the card's holder is the only reader); consent to the terms in force first. */
async function customer(c: Context, deps: Deps) {
  const token = readSessionToken(c, deps.env.PUBLIC_URL);
  const user = token ? ((await validateSessionToken(deps.db, token))?.user ?? null) : null;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.user_type !== 'customer') throw new AppError('FORBIDDEN', { requiredRole: 'customer' });
  if (user.consent_required) throw new AppError('CONSENT_UPDATE_REQUIRED');
  return user;
}

/** Whose card: `familyMemberId` (a form field or a query parameter), absent or empty for the holder's own. */
const whose = z
  .union([z.literal('').transform(() => null), z.uuid()])
  .optional()
  .transform((id) => id ?? null);

/**
 * The photo of a person's insurance card as plain HTTP (ADR 0007: uploads are multipart): `POST`
 * keeps it (multipart `file`, `familyMemberId`), `GET ?familyMemberId=` shows it to the account holder,
 * `DELETE ?familyMemberId=` takes it off. Same-origin is enforced for POST and DELETE by the CSRF middleware.
 */
export function insuranceCardRoutes(deps: Deps) {
  const routes = new Hono();
  const answer = async (c: Context, work: () => Promise<Response>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) return errorResponse(c, error);
      throw error;
    }
  };

  routes.post(
    '/',
    bodyLimit({
      maxSize: RESULT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => errorResponse(c, new AppError('FILE_TOO_LARGE', { maxBytes: RESULT_MAX_BYTES })),
    }),
    (c) =>
      answer(c, async () => {
        const user = await customer(c, deps);
        const form = await c.req.parseBody().catch(() => null);
        const member = whose.safeParse(form?.familyMemberId);
        const file = form?.file;
        if (!member.success || !(file instanceof File)) throw new AppError('VALIDATION_FAILED', { fields: ['familyMemberId', 'file'] });
        const photo = await uploadCardPhoto(deps.db, await deps.vault, user.id, member.data, new Uint8Array(await file.arrayBuffer()));
        return c.json({ photo }, 201);
      }),
  );

  routes.get('/', (c) =>
    answer(c, async () => {
      const user = await customer(c, deps);
      const member = whose.safeParse(c.req.query('familyMemberId'));
      if (!member.success) throw new AppError('NOT_FOUND', { entity: 'insurance' });
      const photo = await readCardPhoto(deps.db, await deps.vault, user.id, member.data);
      return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': photo.contentType,
        'Content-Length': String(photo.bytes.byteLength),
        'Content-Disposition': 'inline',
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    }),
  );

  routes.delete('/', (c) =>
    answer(c, async () => {
      const user = await customer(c, deps);
      const member = whose.safeParse(c.req.query('familyMemberId'));
      if (!member.success) throw new AppError('NOT_FOUND', { entity: 'insurance' });
      await removeCardPhoto(deps.db, await deps.vault, user.id, member.data);
      return c.json({ removed: true });
    }),
  );

  return routes;
}

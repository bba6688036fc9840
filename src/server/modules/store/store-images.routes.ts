import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MULTIPART_OVERHEAD_BYTES } from '../../../shared/api-limits.ts';
import { rowId } from '../../../shared/db-integers.ts';
import { AppError } from '../../../shared/errors.ts';
import { STORE_IMAGE_MAX_BYTES } from '../../../shared/store-admin-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { type ImageResizer, UnreadableImageError } from '../../platform/image-resizer.ts';
import { secondFactorStanding } from '../../platform/second-factor-standing.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { toTrpcError } from '../../trpc/init.ts';
import { addProductImage, assertBuiltinStore } from './store-admin.service.ts';

interface Deps {
  db: Kysely<Database>;
  env: Env;
  blobs: NonNullable<AppDeps['blobs']>;
  /** Absent where native code cannot run (the Worker): uploads answer 503 there. */
  images?: ImageResizer | undefined;
}

function errorResponse(c: Context, error: AppError) {
  const status = getHTTPStatusCodeFromError(toTrpcError(error)) as ContentfulStatusCode;
  return c.json({ error: { appCode: error.code, details: error.details } }, status);
}

async function requireAdmin(c: Context, deps: Deps) {
  const token = readSessionToken(c, deps.env.PUBLIC_URL);
  const user = token ? ((await validateSessionToken(deps.db, token))?.user ?? null) : null;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.user_type !== 'admin') throw new AppError('FORBIDDEN', { requiredRole: 'admin' });
  if ((await secondFactorStanding(deps.db, user, deps.env.TWO_FACTOR_GRACE_DAYS)) === 'setup_required') {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  return user;
}

const sizeName = z.enum(['grid', 'gallery']);

/**
 * A store product's pictures as plain HTTP (as result files, docs/decisions/0007): the admin posts one
 * (multipart: productId, file), the server makes its grid and gallery sizes (docs/decisions/0029) into
 * the BlobStore; anyone reads them, cached for a year (a new picture is a new id).
 */
export function storeImageRoutes(deps: Deps) {
  const routes = new Hono();

  routes.post(
    '/',
    bodyLimit({
      maxSize: STORE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => errorResponse(c, new AppError('FILE_TOO_LARGE', { maxBytes: STORE_IMAGE_MAX_BYTES })),
    }),
    async (c) => {
      try {
        await requireAdmin(c, deps);
        assertBuiltinStore(deps.env);
        if (!deps.images) return c.json({ error: { appCode: 'INTERNAL', details: { reason: 'no image resizer here' } } }, 503);
        const form = await c.req.parseBody().catch(() => null);
        const productId = z.coerce.number().pipe(rowId).safeParse(form?.productId);
        const file = form?.file;
        if (!productId.success || !(file instanceof File)) throw new AppError('VALIDATION_FAILED', { fields: ['productId', 'file'] });
        if (file.size === 0) throw new AppError('FILE_EMPTY');
        if (file.size > STORE_IMAGE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { maxBytes: STORE_IMAGE_MAX_BYTES });
        const sizes = await deps.images.storeSizes(new Uint8Array(await file.arrayBuffer())).catch((error: unknown) => {
          if (error instanceof UnreadableImageError)
            throw new AppError('FILE_TYPE_NOT_ALLOWED', { allowed: ['image/jpeg', 'image/png', 'image/webp'] });
          throw error;
        });
        const id = crypto.randomUUID();
        await deps.blobs.put(`store-images/${id}-grid`, sizes.grid);
        await deps.blobs.put(`store-images/${id}-gallery`, sizes.gallery);
        const image = await addProductImage(deps.db, productId.data, `/files/store-images/${id}/gallery.webp`);
        return c.json({ image }, 201);
      } catch (error) {
        if (error instanceof AppError) return errorResponse(c, error);
        throw error;
      }
    },
  );

  routes.get('/:id/:file', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const size = sizeName.safeParse(c.req.param('file').replace(/\.webp$/, ''));
    if (!id.success || !size.success || !c.req.param('file').endsWith('.webp')) return errorResponse(c, new AppError('NOT_FOUND'));
    const bytes = await deps.blobs.get(`store-images/${id.data}-${size.data}`);
    if (!bytes) return errorResponse(c, new AppError('NOT_FOUND'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}

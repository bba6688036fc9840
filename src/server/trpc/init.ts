import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { AppError, type AppErrorCode } from '../../shared/errors.ts';
import type { TrpcContext } from './context.ts';

/** The one place where a coded AppError becomes a tRPC error. */
const trpcCodeFor: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  LAB_NOT_APPROVED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_FAILED: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_TAKEN: 'CONFLICT',
  ADMIN_ONLY_LOGIN: 'FORBIDDEN',
  USE_ADMIN_LOGIN: 'FORBIDDEN',
  CONSENT_REQUIRED: 'BAD_REQUEST',
  ALREADY_REGISTERED: 'CONFLICT',
  DATE_IN_PAST: 'BAD_REQUEST',
  SLOT_UNAVAILABLE: 'CONFLICT',
  CHECKOUT_IN_PROGRESS: 'CONFLICT',
  HOLD_LIMIT: 'TOO_MANY_REQUESTS',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  CANCEL_WINDOW_PASSED: 'BAD_REQUEST',
  OUT_OF_STOCK: 'CONFLICT',
  PRODUCT_UNAVAILABLE: 'CONFLICT',
  STORE_UNAVAILABLE: 'BAD_GATEWAY',
  CHECKOUT_EXPIRED: 'CONFLICT',
  CHECKOUT_CLOSED: 'CONFLICT',
  PAYMENT_DECLINED: 'PAYMENT_REQUIRED',
  BOOKING_NOT_CONFIRMED: 'CONFLICT',
  BOOKING_CANCELLED: 'CONFLICT',
  TEST_ALREADY_EXISTS: 'CONFLICT',
  TEST_ALREADY_REQUESTED: 'CONFLICT',
  TEST_ALREADY_OFFERED: 'CONFLICT',
  PLAN_TEST_LIMIT: 'FORBIDDEN',
  TEST_REQUEST_REVIEWED: 'CONFLICT',
  PLAN_NOT_AVAILABLE: 'BAD_REQUEST',
  PAYMENT_INTEGRATION_NEEDED: 'PAYMENT_REQUIRED',
  WRONG_PASSWORD: 'BAD_REQUEST',
  WEAK_PASSWORD: 'BAD_REQUEST',
  FILE_EMPTY: 'BAD_REQUEST',
  FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED: 'UNSUPPORTED_MEDIA_TYPE',
  // The stored file failed its integrity check: our fault, not the reader's, and nothing of it is sent.
  RESULT_DAMAGED: 'INTERNAL_SERVER_ERROR',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  EMAIL_ALREADY_VERIFIED: 'CONFLICT',
  LINK_INVALID: 'BAD_REQUEST',
  LINK_EXPIRED: 'BAD_REQUEST',
  LINK_USED: 'BAD_REQUEST',
  REQUEST_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeFor[error.code], message: error.code, cause: error });
}

export interface ErrorData {
  appCode: AppErrorCode | null;
  details: Record<string, unknown> | null;
  fieldErrors: Record<string, string[] | undefined> | null;
  formErrors: string[] | null;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const flattened = cause instanceof ZodError ? z.flattenError(cause) : null;
    const appError = cause instanceof AppError ? cause : null;
    const data: typeof shape.data & ErrorData = {
      ...shape.data,
      appCode: appError?.code ?? (flattened ? 'VALIDATION_FAILED' : null),
      details: appError?.details ?? null,
      fieldErrors: flattened?.fieldErrors ?? null,
      formErrors: flattened?.formErrors ?? null,
    };
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    // Never leak a database or driver message to the client.
    return { ...shape, message: internal ? 'INTERNAL' : shape.message, data: { ...data, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns an AppError thrown anywhere below into its tRPC error. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTrpcError(result.error.cause);
  }
  return result;
});

export const baseProcedure = t.procedure.use(appErrors);

import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallerFactory, router } from '../../src/server/trpc/init.ts';
import {
  adminProcedure,
  approvedLabProcedure,
  customerProcedure,
  labProcedure,
  publicProcedure,
  signedInProcedure,
} from '../../src/server/trpc/procedures.ts';
import { contextFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The tiers themselves, exercised through a router of one procedure per tier.
const tiersRouter = router({
  visitor: publicProcedure.query(() => 'visitor'),
  signedIn: signedInProcedure.query(({ ctx }) => ctx.user.id),
  customer: customerProcedure.query(() => 'customer'),
  lab: labProcedure.query(() => 'lab'),
  approvedLab: approvedLabProcedure.query(() => 'approved lab'),
  admin: adminProcedure.query(() => 'admin'),
});
const createCaller = createCallerFactory(tiersRouter);

let database: TestDatabase;
let customer: TestUser;
let approvedLab: TestUser;
let pendingLab: TestUser;
let admin: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  customer = await createTestUser(database.db, 'customer');
  approvedLab = await createTestUser(database.db, 'lab', { approved: true });
  pendingLab = await createTestUser(database.db, 'lab', { approved: false });
  admin = await createTestUser(database.db, 'admin');
});
afterAll(() => database.close());

async function callAs(user: TestUser | undefined, tier: keyof typeof tiersRouter._def.procedures) {
  const caller = createCaller(await contextFor(database.db, user));
  return caller[tier]();
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  return { code: trpcError.code, appCode: (trpcError.cause as { code?: string } | undefined)?.code };
}

describe('procedure tiers', () => {
  it('lets a visitor reach public procedures only', async () => {
    expect(await callAs(undefined, 'visitor')).toBe('visitor');
    expect(await rejection(callAs(undefined, 'signedIn'))).toEqual({ code: 'UNAUTHORIZED', appCode: 'UNAUTHENTICATED' });
    expect(await rejection(callAs(undefined, 'admin'))).toEqual({ code: 'UNAUTHORIZED', appCode: 'UNAUTHENTICATED' });
  });

  it('keeps a customer out of lab and admin procedures', async () => {
    expect(await callAs(customer, 'signedIn')).toBe(customer.id);
    expect(await callAs(customer, 'customer')).toBe('customer');
    expect(await rejection(callAs(customer, 'lab'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await rejection(callAs(customer, 'admin'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
  });

  it('keeps a lab out of customer and admin procedures', async () => {
    expect(await callAs(approvedLab, 'lab')).toBe('lab');
    expect(await callAs(approvedLab, 'approvedLab')).toBe('approved lab');
    expect(await rejection(callAs(approvedLab, 'customer'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await rejection(callAs(approvedLab, 'admin'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
  });

  it('gates an unapproved lab out of approved-lab procedures', async () => {
    expect(await callAs(pendingLab, 'lab')).toBe('lab');
    expect(await rejection(callAs(pendingLab, 'approvedLab'))).toEqual({ code: 'FORBIDDEN', appCode: 'LAB_NOT_APPROVED' });
  });

  it('keeps an admin out of customer and lab procedures', async () => {
    expect(await callAs(admin, 'admin')).toBe('admin');
    expect(await rejection(callAs(admin, 'customer'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await rejection(callAs(admin, 'approvedLab'))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
  });
});

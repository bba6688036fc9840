import { TRPCClientError } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable, observableToPromise } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { passwordConfirmationLink, setPasswordAsker } from '../../src/client/lib/password-confirmation.ts';

type Link = ReturnType<ReturnType<typeof passwordConfirmationLink<AnyTRPCRouter>>>;
type Operation = Parameters<Link>[0]['op'];

const refusal = () =>
  new TRPCClientError('PASSWORD_CONFIRMATION_REQUIRED', {
    result: { error: { code: -32603, message: 'PASSWORD_CONFIRMATION_REQUIRED', data: { appCode: 'PASSWORD_CONFIRMATION_REQUIRED' } } },
  } as never);

/** Runs one operation through the link over a server that refuses until `acceptAfter` calls. */
async function run(type: 'mutation' | 'query', acceptAfter: number, confirm: boolean) {
  let calls = 0;
  let asked = 0;
  const unregister = setPasswordAsker(async () => {
    asked += 1;
    return confirm;
  });
  const link = passwordConfirmationLink<AnyTRPCRouter>()({} as never);
  const op = { id: 1, type, path: 'admin.setLabApproval', input: {}, context: {}, signal: null } as unknown as Operation;
  const result = link({
    op,
    next: () =>
      observable((observer) => {
        calls += 1;
        if (calls <= acceptAfter) observer.error(refusal());
        else {
          observer.next({ result: { type: 'data', data: 'done' } } as never);
          observer.complete();
        }
      }),
  });
  const outcome = await observableToPromise(result).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  unregister();
  return { outcome, calls, asked };
}

describe('an action refused for want of a recent password', () => {
  it('asks for the password and is sent once more when it was confirmed', async () => {
    const { outcome, calls, asked } = await run('mutation', 1, true);
    expect(outcome).toMatchObject({ value: { result: { data: 'done' } } });
    expect({ calls, asked }).toEqual({ calls: 2, asked: 1 });
  });

  it('ends with the refusal when the person gives up, sending nothing again', async () => {
    const { outcome, calls } = await run('mutation', 1, false);
    expect((outcome as { error?: unknown }).error).toBeInstanceOf(TRPCClientError);
    expect(calls).toBe(1);
  });

  it('never asks for a query', async () => {
    const { calls, asked } = await run('query', 1, true);
    expect({ calls, asked }).toEqual({ calls: 1, asked: 0 });
  });
});

import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppErrorCode } from '../../shared/errors.ts';

// An administrator's sensitive action, or adding a passkey, answered PASSWORD_CONFIRMATION_REQUIRED (the
// password was last entered more than 15 minutes ago): the app asks for it in a dialog, and the action is
// sent again once auth.confirmPassword took it, so no screen has to handle the refusal itself.

type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog that asks; it registers itself while mounted. Returns how to unregister. */
export function setPasswordAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** True once the password was confirmed; false if the person gave up (or nothing can ask). One dialog for calls that fail together. */
function askForPassword(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  asking ??= asker().finally(() => {
    asking = null;
  });
  return asking;
}

const CONFIRMATION_REQUIRED: AppErrorCode = 'PASSWORD_CONFIRMATION_REQUIRED';

function asksForPassword(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { appCode?: unknown } | undefined)?.appCode === CONFIRMATION_REQUIRED;
}

/** A mutation refused for want of a recent password is sent once more after the dialog confirmed it. */
export const passwordConfirmationLink =
  <TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> =>
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let current: Unsubscribable | null = null;
      let stopped = false;
      current = next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (error) => {
          if (op.type !== 'mutation' || !asksForPassword(error)) {
            observer.error(error);
            return;
          }
          void askForPassword().then((confirmed) => {
            if (stopped) return;
            if (!confirmed) observer.error(error);
            else current = next(op).subscribe(observer);
          });
        },
      });
      return () => {
        stopped = true;
        current?.unsubscribe();
      };
    });

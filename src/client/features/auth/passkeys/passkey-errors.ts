import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';
import { errorCode, errorMessage } from '../../../lib/errors.ts';

/**
 * A passkey attempt's failure in the user's language: the server's refusal as any other, the
 * browser's own (the prompt closed, timed out, or no passkey of this site on the device) as one
 * sentence, since the browser does not say which.
 */
export function passkeyErrorMessage(i18n: I18n, error: unknown): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { details?: { reason?: unknown } } | undefined;
    if (errorCode(error) === 'CONFLICT' && data?.details?.reason === 'passkey_registered') {
      return i18n._(msg`This passkey is already added to your account.`);
    }
    if (errorCode(error) === 'CONFLICT' && data?.details?.reason === 'passkey_limit') {
      return i18n._(msg`You have added as many passkeys as an account may have. Remove one first.`);
    }
    return errorMessage(i18n, error);
  }
  return i18n._(msg`The passkey prompt was closed or timed out. Please try again.`);
}

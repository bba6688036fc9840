import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { PASSWORD_MAX } from './schemas.ts';
import { validationMessages as m } from './validation-messages.ts';

/**
 * A code from an authenticator app (6 digits) or a recovery code (`abcde-fghij`): spaces and
 * dashes are allowed as people type them; the server tells which it is.
 */
export const secondFactorCode = z
  .string({ error: m.required })
  .overwrite(latinDigits)
  .trim()
  .min(6, m.required)
  .max(24, m.tooLong)
  .regex(/^[A-Za-z0-9 -]+$/, m.invalid);

export const secondFactorCodeInput = z.object({ code: secondFactorCode });

export const twoFactorDisableInput = z.object({
  password: z.string().max(PASSWORD_MAX, m.tooLong).optional(),
  code: secondFactorCode,
});

export const twoFactorResetInput = z.object({ userId: z.uuid() });

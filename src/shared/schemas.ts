import { z } from 'zod';
import { validationMessages } from './errors.ts';

export const emailSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(254, validationMessages.tooLong)
  .pipe(z.email({ error: validationMessages.invalidEmail }));

export const newsletterSubscribeInput = z.object({ email: emailSchema });

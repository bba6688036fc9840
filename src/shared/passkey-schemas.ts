import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

// What the browser's WebAuthn answers carry (as @simplewebauthn/browser encodes them: base64url
// strings), with a size on every field. The server checks what they mean (docs/decisions/0025).

const base64url = (max: number) =>
  z
    .string({ error: m.required })
    .min(1, m.required)
    .max(max, m.tooLong)
    .regex(/^[A-Za-z0-9_-]+$/, m.invalid);

/** How the authenticator is reached (internal, usb, hybrid, …): kept as hints for the browser, never trusted. */
const transports = z.array(z.string().max(20, m.tooLong)).max(8);

/** Extension outputs: nothing of ours reads them, so any (small: the body limit holds) value passes. */
const clientExtensionResults = z.unknown();

export const PASSKEY_NAME_MAX = 60;

export const passkeyName = z.string({ error: m.required }).trim().min(1, m.required).max(PASSKEY_NAME_MAX, m.tooLong);

export const passkeyRegistrationInput = z.object({
  name: passkeyName,
  response: z.object({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4000),
      attestationObject: base64url(16_000),
      transports: transports.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
  }),
});

export const passkeySignInInput = z.object({
  response: z.object({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(4000),
      authenticatorData: base64url(4000),
      signature: base64url(1000),
      userHandle: base64url(200).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
  }),
  /** From the admin login form: as with a password, an admin signs in there and only there. */
  admin: z.boolean().optional(),
});

export const passkeyIdInput = z.object({ id: base64url(1400) });

import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

interface PendingCode {
  codeChallenge: string;
  redirectUri: string;
  user: FakeGoogleUser;
}

/**
 * Google's token endpoint as the OAuth 2.0 / OpenID Connect spec has it: form-encoded
 * authorization_code grant, client authentication by HTTP Basic, PKCE S256 verification, and an
 * ID token (JWT) in the answer. The test plays the user at Google's consent screen by calling `approve`.
 */
export async function startFakeGoogle(clientId: string, clientSecret: string) {
  const codes = new Map<string, PendingCode>();
  const app = new Hono();

  app.post('/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const basic = c.req.header('authorization');
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (basic !== expected) return c.json({ error: 'invalid_client' }, 401);
    if (form.get('grant_type') !== 'authorization_code') return c.json({ error: 'unsupported_grant_type' }, 400);
    const pending = codes.get(form.get('code') ?? '');
    if (!pending) return c.json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
    codes.delete(form.get('code')!);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (challenge !== pending.codeChallenge || form.get('redirect_uri') !== pending.redirectUri) {
      return c.json({ error: 'invalid_grant' }, 400);
    }
    const now = Math.floor(Date.now() / 1000);
    const idToken = jwt({ iss: 'https://accounts.google.com', aud: clientId, iat: now, exp: now + 3600, ...pending.user });
    return c.json({
      access_token: `ya29.${randomBytes(16).toString('hex')}`,
      expires_in: 3599,
      refresh_token: `1//${randomBytes(16).toString('hex')}`,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: idToken,
    });
  });

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;

  return {
    tokenUrl: `http://127.0.0.1:${port}/token`,
    /** What Google does when the user approves: a one-time code bound to the PKCE challenge. */
    approve(authorizationUrl: URL, user: FakeGoogleUser): string {
      const code = `4/${randomBytes(12).toString('hex')}`;
      codes.set(code, {
        codeChallenge: authorizationUrl.searchParams.get('code_challenge') ?? '',
        redirectUri: authorizationUrl.searchParams.get('redirect_uri') ?? '',
        user,
      });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', kid: 'fake', typ: 'JWT' })}.${encode(claims)}.${randomBytes(64).toString('base64url')}`;
}

// What `npm start` (scripts/start.mjs) runs the server with, over the caller's own settings: production
// React, listening on this machine's loopback address unless HOST says otherwise, with the development
// mailbox (/dev/mailbox) only when mail does not go to SMTP_URL and no other machine can reach the
// server (src/server/env.ts refuses the mailbox on any other HOST).
const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

/** The server's environment for `npm start`: `env` (e.g. process.env), with npm start's defaults where it says nothing. */
export function startEnvironment(env) {
  const host = env.HOST?.trim() || '127.0.0.1';
  const mailbox = !env.SMTP_URL?.trim() && LOOPBACK_HOSTS.includes(host);
  return { NODE_ENV: 'production', ...(mailbox ? { DEV_MAILBOX: 'true' } : {}), ...env, HOST: host };
}

import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';

/**
 * Where the server writes what happened: pino on Node (node.ts writes one JSON line per entry), the
 * console on the Worker. Fields first, then the message, as pino takes them; an error goes in `err`
 * (its stack is kept).
 */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** The Worker's logger: one JSON object per line on the console, which Workers Logs index. */
export const consoleLogger: Logger = {
  info: (fields, message) => console.log(JSON.stringify({ level: 'info', msg: message, ...fields })),
  warn: (fields, message) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...fields })),
  error: (fields, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...serializable(fields) })),
};

function serializable(fields: Record<string, unknown>): Record<string, unknown> {
  const { err, ...rest } = fields;
  if (!(err instanceof Error)) return fields;
  return { ...rest, err: { type: err.name, message: err.message, stack: err.stack } };
}

/** A path as the log keeps it: a doctor's share link is a key to a patient's results, never written down (ADR 0061). */
export function loggedPath(path: string): string {
  return path.replace(/^\/share\/[^/]+/, '/share/…');
}

/**
 * One line per request: method, path (never the query string, which may carry a token or a search, nor
 * a share link's token), status, duration and the request id, which the response names in
 * `X-Request-Id` (a proxy's id is kept) so a user's report can be matched with its line. No personal
 * data and no cookies.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  const withId = requestId({ limitLength: 64 });
  return (c, next) =>
    withId(c, async () => {
      const started = performance.now();
      await next();
      // Again on the answer itself (as secureHeaders does): a Response a handler made on its own (tRPC)
      // does not carry headers set before it.
      c.res.headers.set('X-Request-Id', c.get('requestId'));
      log.info(
        {
          req_id: c.get('requestId'),
          method: c.req.method,
          path: loggedPath(c.req.path),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    });
}

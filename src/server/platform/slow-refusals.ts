import type { MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by a limit that refused the request outright (a batch over its calls); 413 and 429 need no mark. */
    refused: boolean;
  }
}

/** How long an address's refusals are remembered. */
const WINDOW_MS = 60_000;
/** Addresses remembered at once; the one refused longest ago is forgotten first. */
const MAX_ADDRESSES = 10_000;
/** Answers held back at once; past that they go out at once rather than pile up. */
const MAX_WAITING = 5_000;

interface Refusals {
  count: number;
  since: number;
}

/**
 * Answers to refused requests (a body or batch over the limits, a rate limit) go out late: a quarter of
 * `maxDelayMs` for an address's first refusal within a minute, more for each after, up to `maxDelayMs`
 * (ADR 0040). A script that waits for each answer, as most do, then sends a request or two a second
 * instead of hundreds, and the cores stay with everyone else (bench:abuse); a person, refused rarely,
 * waits a moment they were going to wait anyway. Waiting costs a timer, not a core. Kept per instance,
 * in a bounded map; a client that does not wait for answers is for the proxy's limit on connections.
 */
export function slowRefusals(options: {
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string | undefined;
  maxDelayMs: number;
  now?: () => number;
}): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const recent = new Map<string, Refusals>();
  let waiting = 0;

  function delayFor(address: string): number {
    const at = now();
    const known = recent.get(address);
    const refusals = known && at - known.since < WINDOW_MS ? { count: known.count + 1, since: known.since } : { count: 1, since: at };
    // Re-inserted, so the map's order is by last refusal and the first key is the one to forget.
    recent.delete(address);
    recent.set(address, refusals);
    if (recent.size > MAX_ADDRESSES) recent.delete(recent.keys().next().value as string);
    return Math.min(options.maxDelayMs, (options.maxDelayMs / 4) * refusals.count);
  }

  return async (c, next) => {
    await next();
    if (options.maxDelayMs === 0) return;
    const refused = c.res.status === 413 || c.res.status === 429 || c.get('refused') === true;
    const address = refused ? options.clientIp(c) : undefined;
    if (!address || waiting >= MAX_WAITING) return;
    waiting++;
    try {
      await new Promise((resolve) => setTimeout(resolve, delayFor(address)));
    } finally {
      waiting--;
    }
  };
}

// One circuit per outside service (the external store, Google's token endpoint, the SMTP relay, the
// object store), kept for the process: the first outage (a timeout, no connection) opens it, so the
// calls after it fail at once instead of each waiting out its own timeout; once `retryAfterMs` has
// passed, one call at a time tries the service again, and an answer closes it. An error answer is an
// answer: it opens nothing. (Ours, a few lines: cockatiel, the maintained circuit-breaker library that
// runs outside Node, aborts an AbortController when it loads, which workerd forbids at global scope,
// and the Worker bundles the callers.)

/** How long a service that did not answer is left alone before one call tries it again. */
export const OUTSIDE_RETRY_AFTER_MS = 10_000;

/** A read from an outside service waits at most this long for its answer, and is not tried again. */
export const OUTSIDE_READ_TIMEOUT_MS = 3000;

export interface CircuitOptions {
  /** Whether an error means the service is down (a timeout, no connection), rather than an answer. */
  isOutage(error: unknown): boolean;
  /** What a call refused while the circuit is open throws. */
  openError(): Error;
  retryAfterMs?: number;
}

export interface Circuit {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Whether calls now fail at once. */
  readonly isOpen: boolean;
}

export function createCircuit(options: CircuitOptions): Circuit {
  const retryAfterMs = options.retryAfterMs ?? OUTSIDE_RETRY_AFTER_MS;
  /** While set, the service is not asked until then (Date.now()). */
  let openUntil: number | null = null;
  /** A trial call is out: the others still fail at once. */
  let trying = false;
  return {
    get isOpen() {
      return openUntil !== null && (Date.now() < openUntil || trying);
    },
    async run(call) {
      const trial = openUntil !== null;
      if (trial && (Date.now() < openUntil! || trying)) throw options.openError();
      trying = trial;
      try {
        const answer = await call();
        openUntil = null;
        return answer;
      } catch (error) {
        openUntil = options.isOutage(error) ? Date.now() + retryAfterMs : null;
        throw error;
      } finally {
        if (trial) trying = false;
      }
    },
  };
}

/** Circuits by a key (a service's address), made on first use: providers are often made per request. */
export function circuitsByKey(options: CircuitOptions): (key: string) => Circuit {
  const circuits = new Map<string, Circuit>();
  return (key) => {
    let circuit = circuits.get(key);
    if (!circuit) {
      circuit = createCircuit(options);
      circuits.set(key, circuit);
    }
    return circuit;
  };
}

/** A fetch failure that means no answer: a timeout, an abort, or no connection (fetch's TypeError). */
export function isFetchOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || error.name === 'AbortError' || error instanceof TypeError;
}

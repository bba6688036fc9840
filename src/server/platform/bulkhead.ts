import { AppError } from '../../shared/errors.ts';

/**
 * At most `atOnce` runs of some work at a time in this process, `queue` more waiting their turn, and
 * past that RATE_LIMITED at once. Used to keep a flood of one kind of request (account doors: sign-in,
 * sign-up, guests) from taking every database connection the others need: bench:abuse measured a
 * customer's booking waiting behind a hundred guest sign-ups in the pool's queue.
 */
export function bulkhead(atOnce: number, queue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < atOnce) running++;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new AppError('RATE_LIMITED', { retryAfterSeconds: 2 });
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

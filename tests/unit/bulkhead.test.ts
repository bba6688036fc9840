import { describe, expect, it } from 'vitest';
import { bulkhead } from '../../src/server/platform/bulkhead.ts';

describe('a bulkhead', () => {
  it('runs at most so many at once, lets the queue wait its turn in order, and refuses past the queue at once', async () => {
    const inTurn = bulkhead(2, 3);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const releases: (() => void)[] = [];
    const work = (id: number) =>
      inTurn(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        finished.push(id);
        return id;
      });
    const started = [1, 2, 3, 4, 5].map(work);
    // Two running, three waiting: a sixth is refused without waiting.
    await expect(work(6)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    while (finished.length < 5) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      releases.shift()?.();
    }
    expect(await Promise.all(started)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(finished).toEqual([1, 2, 3, 4, 5]);
    // Its turns came back: it runs again.
    const again = work(7);
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 1));
    releases.shift()?.();
    expect(await again).toBe(7);
  });
});

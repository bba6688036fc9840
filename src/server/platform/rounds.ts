/**
 * Runs `round` in this server process now and then `everyMs` after each one ends, until stopped; a round
 * that fails is reported to `onError` and the next one still comes. `stop` waits for a round in progress.
 * The work each instance shares out with the others (plan renewals, waitlist offers) runs this way.
 */
export function startRounds(round: () => Promise<unknown>, everyMs: number, onError: (error: unknown) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = round()
      .then(() => undefined, onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(run, everyMs);
      });
  };
  timer = setTimeout(run, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

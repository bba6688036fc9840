import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A live LISTEN. */
export interface Subscription {
  /**
   * A round trip on the listening connection. When it resolves, every message announced by a
   * transaction that committed before the ping was sent has been delivered (the server sends pending
   * notifications before it answers). Without an answer within `timeoutMs` the connection is taken
   * for dead and dropped (`onLost` follows) and the ping rejects.
   */
  ping(timeoutMs: number): Promise<void>;
  /** Stops listening and closes whatever the subscription opened. */
  close(): Promise<void>;
}

/**
 * Subscribes to a PostgreSQL NOTIFY channel. `onLost` is called once if the subscription dies
 * (connection dropped, or a ping unanswered); the caller decides whether to subscribe again.
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onLost: (reason: string) => void) => Promise<Subscription>;

/** The application_name of the connection listening on a channel. */
export const listenerName = (channel: string) => `tahaleel listen ${channel}`;

/** LISTEN on a dedicated connection (outside the pool: it stays open and must not hold a pool slot). */
export function postgresListen(connectionString: string): Listen {
  return async (channel, onMessage, onLost) => {
    const client = new pg.Client({
      connectionString,
      // Named, so it can be told apart in pg_stat_activity (its last query is a ping, not the LISTEN).
      application_name: listenerName(channel),
      // An idle connection whose peer vanished without a word is noticed by the kernel too.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let closing = false;
    let lostReason = 'the connection closed';
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    // An 'error' on an idle client is followed by 'end'; report the loss once, from 'end'.
    client.on('error', (error) => {
      lostReason = error.message;
    });
    client.on('end', () => {
      if (!closing) onLost(lostReason);
    });
    await client.connect();
    try {
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      closing = true;
      await client.end();
      throw error;
    }
    return {
      async ping(timeoutMs) {
        let timer: NodeJS.Timeout | undefined;
        const silence = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to a ping in ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          await Promise.race([client.query('select 1'), silence]);
        } catch (error) {
          if (!closing) {
            lostReason = (error as Error).message;
            // A connection that stopped answering may never close by itself: drop it ('end' follows).
            client.connection.stream.destroy();
          }
          throw error;
        } finally {
          clearTimeout(timer);
        }
      },
      async close() {
        closing = true;
        await client.end();
      },
    };
  };
}

/** PGlite delivers its own notifications in-process; the subscription cannot be lost. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, onMessage) => {
    const unsubscribe = await pglite.listen(channel, onMessage);
    return {
      // Queries run one at a time: one sent now answers after every earlier commit and its messages.
      async ping() {
        await pglite.query('select 1');
      },
      async close() {
        if (!pglite.closed) await unsubscribe();
      },
    };
  };
}

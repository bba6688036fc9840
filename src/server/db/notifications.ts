import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Stops listening and closes whatever the subscription opened. */
export type Unlisten = () => Promise<void>;

/**
 * Subscribes to a PostgreSQL NOTIFY channel. `onLost` is called once if the subscription dies
 * (connection dropped); the caller decides whether to subscribe again.
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onLost: () => void) => Promise<Unlisten>;

/** LISTEN on a dedicated connection (outside the pool: it stays open and must not hold a pool slot). */
export function postgresListen(connectionString: string): Listen {
  return async (channel, onMessage, onLost) => {
    const client = new pg.Client({ connectionString });
    let closing = false;
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    // An 'error' on an idle client is followed by 'end'; report the loss once, from 'end'.
    client.on('error', () => {});
    client.on('end', () => {
      if (!closing) onLost();
    });
    await client.connect();
    try {
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      closing = true;
      await client.end();
      throw error;
    }
    return async () => {
      closing = true;
      await client.end();
    };
  };
}

/** PGlite delivers its own notifications in-process; the subscription cannot be lost. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, onMessage) => {
    const unsubscribe = await pglite.listen(channel, onMessage);
    return async () => {
      if (!pglite.closed) await unsubscribe();
    };
  };
}

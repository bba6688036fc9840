// A TCP proxy in front of PostgreSQL that can make the listening connections go silent: they stay
// open, but nothing passes either way, as when a network path dies without a word (no FIN, no RST).
import { connect, createServer, type Socket } from 'node:net';

export interface PostgresProxy {
  /** The database URL, through the proxy. */
  url: string;
  /** From now on nothing passes on the connections that sent LISTEN; returns how many there were. */
  silenceListeners(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
  listening: boolean;
  silent: boolean;
}

export async function startPostgresProxy(databaseUrl: string): Promise<PostgresProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<Pair>();
  const proxy = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    const pair: Pair = { client, server, listening: false, silent: false };
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (pair.silent) return;
      if (/\blisten\s/i.test(chunk.toString('latin1'))) pair.listening = true;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (!pair.silent) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as { port: number }).port);
  return {
    url: url.toString(),
    silenceListeners() {
      const listeners = [...pairs].filter((pair) => pair.listening);
      for (const pair of listeners) pair.silent = true;
      return listeners.length;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

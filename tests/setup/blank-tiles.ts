import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 transparent PNG: every tile of the blank map. */
const BLANK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface BlankTileServer {
  /** For MAP_TILES_URL: `http://127.0.0.1:<port>/{z}/{x}/{y}.png`. */
  urlTemplate: string;
  /** The tile paths asked for so far (`/z/x/y.png`). */
  requests: string[];
  close(): Promise<void>;
}

/** Map tiles for tests: a blank tile for every address, so no test fetches tiles from outside. */
export async function startBlankTileServer(): Promise<BlankTileServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': BLANK_PNG.length, 'cache-control': 'no-store' });
    response.end(BLANK_PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

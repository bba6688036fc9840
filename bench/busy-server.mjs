// The harness's own tail: a bare node:http server that spends BUSY_MICROSECONDS of CPU on every
// request and answers a small JSON body. Driven by the same wrk at the same throughput as the real
// server, its p99 shows how much of a tail the machine and the load generator produce by themselves.
import { createServer } from 'node:http';

const busyNs = BigInt(Math.round(Number(process.env.BUSY_MICROSECONDS ?? 100) * 1000));
createServer((_request, response) => {
  const end = process.hrtime.bigint() + busyNs;
  while (process.hrtime.bigint() < end);
  response.setHeader('content-type', 'application/json');
  response.end('{"result":{"data":[]}}');
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

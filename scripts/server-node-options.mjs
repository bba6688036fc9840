// The Node options the server runs with, however it is started: a young generation of 2 × 64 MB
// instead of V8's 2 × 16 MB, for less time in garbage collection per request (ADR 0051). They go into
// NODE_OPTIONS ahead of the operator's own, so an operator's NODE_OPTIONS can change them (the last
// of a V8 option wins). `npm run serve` and the Dockerfile write the same (tests/unit/server-node-options.test.ts).
import options from './server-node-options.json' with { type: 'json' };

/**
 * On Node 20 (this machine's, where the tests run; production is on 24, ADR 0054) the global WebSocket,
 * which @medplum/core reads as it loads (ADR 0060), is behind a flag; from Node 22 on it is there.
 */
export const websocketFlag = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket'] : [];

/** `env` with NODE_OPTIONS led by the server's options. */
export function withServerNodeOptions(env) {
  return { ...env, NODE_OPTIONS: [...options, ...websocketFlag, env.NODE_OPTIONS ?? ''].join(' ').trim() };
}

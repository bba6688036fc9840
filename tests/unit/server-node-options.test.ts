import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import options from '../../scripts/server-node-options.json' with { type: 'json' };
import { websocketFlag, withServerNodeOptions } from '../../scripts/server-node-options.mjs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

// The server runs with the same Node options however an operator starts it (ADR 0051).
describe("the server's Node options", () => {
  it('are given by npm start and the benches, ahead of the caller’s own NODE_OPTIONS, which can change them', () => {
    const server = [...options, ...websocketFlag].join(' ');
    expect(withServerNodeOptions({ PORT: '3000' })).toEqual({ PORT: '3000', NODE_OPTIONS: server });
    expect(withServerNodeOptions({ NODE_OPTIONS: '--max-semi-space-size=16' }).NODE_OPTIONS).toBe(`${server} --max-semi-space-size=16`);
  });

  it('are the same in `npm run serve` and the Dockerfile', () => {
    const serve = JSON.parse(read('package.json')).scripts.serve as string;
    const dockerfile = read('Dockerfile');
    expect(serve).toContain(`NODE_OPTIONS="${options.join(' ')} \${NODE_OPTIONS:-}" exec node`);
    expect(dockerfile).toContain(`ENV NODE_OPTIONS=${options.join(' ')}\n`);
  });
});

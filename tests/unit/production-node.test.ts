import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { satisfiesMinimum } from '../../scripts/supported-node.mjs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const engines = JSON.parse(read('package.json')).engines.node as string;

// Production runs on Node 24 LTS (ADR 0054): the image and CI name one version, and `npm run serve`
// refuses an older Node.
describe("production's Node", () => {
  it("is the same version in both stages of the Dockerfile and in CI, and within package.json's engines", () => {
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\S+)-bookworm-slim/gm)].map((match) => match[1]);
    const ci = /^PRODUCTION_NODE=(\S+)$/m.exec(read('.ci/run'))?.[1];
    expect(images).toHaveLength(2);
    expect(ci).toMatch(/^\d+\.\d+\.\d+$/);
    expect(images).toEqual([ci, ci]);
    expect(satisfiesMinimum(ci ?? '', engines)).toBe(true);
  });

  it('is checked by `npm run serve`, which refuses Node 20 and 22 and takes 24 LTS and newer', () => {
    expect(JSON.parse(read('package.json')).scripts.serve).toMatch(/^node scripts\/supported-node\.mjs && /);
    for (const old of ['v20.20.2', 'v22.23.0', '24.10.0']) expect(satisfiesMinimum(old, engines)).toBe(false);
    for (const supported of ['v24.11.0', 'v24.21.0', 'v26.12.1']) expect(satisfiesMinimum(supported, engines)).toBe(true);
  });

  it('is named in the message an operator on an older Node sees', () => {
    const run = () =>
      execFileSync(process.execPath, ['scripts/supported-node.mjs'], { cwd: new URL('../..', import.meta.url), stdio: 'pipe' });
    if (satisfiesMinimum(process.version, engines)) {
      expect(() => run()).not.toThrow();
      return;
    }
    expect(() => run()).toThrow(/runs in production on Node 24\.11 or newer[\s\S]*This is Node v\d+/);
  });
});

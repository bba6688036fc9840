import { describe, expect, it } from 'vitest';
import { isolateLatinRuns, localized } from '../../src/client/lib/bidi.ts';

describe('bidi isolation', () => {
  it('wraps Latin runs inside Arabic text in LRI…PDI so "25-OH" keeps its order', () => {
    expect(isolateLatinRuns('فيتامين د (25-OH)')).toBe('فيتامين د (\u206625-OH\u2069)');
    expect(isolateLatinRuns('فيتامين ب12 (B12)')).toBe('فيتامين ب\u206612\u2069 (\u2066B12\u2069)');
  });

  it('leaves English text alone', () => {
    expect(isolateLatinRuns('Vitamin D (25-OH)')).toBe('Vitamin D (25-OH)');
    expect(localized('en', 'فيتامين د', 'Vitamin D')).toBe('Vitamin D');
  });
});

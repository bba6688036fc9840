import { describe, expect, it } from 'vitest';
import { isolateLatinRuns, isolateLatinRunsInHtml, localized } from '../../src/client/lib/bidi.ts';

describe('bidi isolation', () => {
  it('wraps Latin runs inside Arabic text in LRI…PDI so "25-OH" keeps its order', () => {
    expect(isolateLatinRuns('فيتامين د (25-OH)')).toBe('فيتامين د (\u206625-OH\u2069)');
    expect(isolateLatinRuns('فيتامين ب12 (B12)')).toBe('فيتامين ب\u206612\u2069 (\u2066B12\u2069)');
  });

  it('keeps a range with its unit in one run inside Arabic, so it never reads «µL/³10 371–157» (issue #77 item 12)', () => {
    expect(isolateLatinRuns('الصفائح الدموية 157–371 10³/µL.')).toBe('الصفائح الدموية \u2066157–371 10³/µL\u2069.');
    expect(isolateLatinRuns('الهيموغلوبين 10.9 g/dL (منخفض)')).toBe('الهيموغلوبين \u206610.9 g/dL\u2069 (منخفض)');
  });

  it('leaves English text alone', () => {
    expect(isolateLatinRuns('Vitamin D (25-OH)')).toBe('Vitamin D (25-OH)');
    expect(localized('en', 'فيتامين د', 'Vitamin D')).toBe('Vitamin D');
  });
});

describe('bidi isolation in product HTML', () => {
  it('isolates Latin runs in the text between tags, never inside a tag or a character reference', () => {
    expect(isolateLatinRunsInHtml('<p>اعرف مستوى <strong>فيتامين د (25-OH)</strong> &amp; B12</p>')).toBe(
      '<p>اعرف مستوى <strong>فيتامين د (\u206625-OH\u2069)</strong> &amp; \u2066B12\u2069</p>',
    );
  });

  it('leaves English HTML alone', () => {
    expect(isolateLatinRunsInHtml('<p>Vitamin D <strong>(25-OH)</strong></p>')).toBe('<p>Vitamin D <strong>(25-OH)</strong></p>');
  });
});

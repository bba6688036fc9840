// How many parts a text is sent as (src/server/platform/sms/sms-provider.ts): what a message costs, and
// what the texts in modules/phone are kept within.
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';

/** An Arabic text of exactly `length` letters. */
const arabic = (length: number) => 'ب'.repeat(length);

describe('smsSegments', () => {
  it('sends Latin text as GSM-7: 160 characters in one part, 153 a part once split', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', segments: 1, characters: 160 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', segments: 2, characters: 161 });
    expect(smsSegments('a'.repeat(306))).toEqual({ encoding: 'gsm7', segments: 2, characters: 306 });
    expect(smsSegments('a'.repeat(307))).toEqual({ encoding: 'gsm7', segments: 3, characters: 307 });
  });

  it("keeps GSM 03.38's own letters and signs in GSM-7, and leaves it for one it lacks", () => {
    expect(smsSegments('Ünö: £5 @ 10:30, Δ¿¡§ é\n')).toEqual({ encoding: 'gsm7', segments: 1, characters: 24 });
    expect(smsSegments('naïve').encoding).toBe('ucs2');
  });

  it('counts an extension character (€, {, [, ~, ^, |, \\) as two septets', () => {
    expect(smsSegments('€')).toEqual({ encoding: 'gsm7', segments: 1, characters: 2 });
    expect(smsSegments('{a}')).toEqual({ encoding: 'gsm7', segments: 1, characters: 5 });
    expect(smsSegments(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'gsm7', segments: 1, characters: 160 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'gsm7', segments: 2, characters: 161 });
  });

  it('never cuts an extension character across two parts', () => {
    // 152 septets, then € (2): it does not fit in the first part's 153, so it starts the second.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsSegments(text)).toEqual({ encoding: 'gsm7', segments: 3, characters: 306 });
  });

  it('sends Arabic as UCS-2: 70 in one part, 67 a part once split', () => {
    expect(smsSegments(arabic(70))).toEqual({ encoding: 'ucs2', segments: 1, characters: 70 });
    expect(smsSegments(arabic(71))).toEqual({ encoding: 'ucs2', segments: 2, characters: 71 });
    expect(smsSegments(arabic(134))).toEqual({ encoding: 'ucs2', segments: 2, characters: 134 });
    expect(smsSegments(arabic(135))).toEqual({ encoding: 'ucs2', segments: 3, characters: 135 });
  });

  it('sends the whole text as UCS-2 when one character is outside GSM-7', () => {
    expect(smsSegments(`${'a'.repeat(69)}ب`)).toEqual({ encoding: 'ucs2', segments: 1, characters: 70 });
    expect(smsSegments(`${'a'.repeat(70)}ب`)).toEqual({ encoding: 'ucs2', segments: 2, characters: 71 });
  });

  it('counts an emoji as two UTF-16 units, and never cuts one in half', () => {
    expect(smsSegments('🧪')).toEqual({ encoding: 'ucs2', segments: 1, characters: 2 });
    expect(smsSegments(`${arabic(68)}🧪`)).toEqual({ encoding: 'ucs2', segments: 1, characters: 70 });
    expect(smsSegments(`${arabic(69)}🧪`)).toEqual({ encoding: 'ucs2', segments: 2, characters: 71 });
    // 66 units, then an emoji (2): the first part holds 67, so the emoji starts the second.
    expect(smsSegments(`${arabic(66)}🧪${arabic(66)}`)).toEqual({ encoding: 'ucs2', segments: 3, characters: 134 });
  });

  it('counts an empty text as nothing to send', () => {
    expect(smsSegments('')).toEqual({ encoding: 'gsm7', segments: 0, characters: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { familyMemberInput } from '../../src/shared/family.ts';
import { oneLine, withoutHiddenCharacters } from '../../src/shared/plain-text.ts';
import { reviewReplyInput } from '../../src/shared/reviews.ts';
import { labProfileInput, nameSchema } from '../../src/shared/schemas.ts';

const BIDI_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('text others read', () => {
  it('loses every bidi embedding, override and isolate, so "passwd", U+202E, "gnp.pdf" reads as the PDF name it is', () => {
    expect(oneLine('passwd\u202Egnp.pdf')).toBe('passwdgnp.pdf');
    for (const control of BIDI_CONTROLS) expect(withoutHiddenCharacters(`a${control}b`)).toBe('ab');
  });

  it('loses C0 and C1 control characters and DEL, keeping line breaks and tabs in free text', () => {
    expect(withoutHiddenCharacters('bell\u0007 esc\u001b del\u007f csi\u009b')).toBe('bell esc del csi');
    expect(withoutHiddenCharacters('line one\r\nline two\rthree\u2029four\tend')).toBe('line one\nline two\nthree\nfour\tend');
  });

  it('makes a name one line, and keeps the marks and joiners Arabic writing uses', () => {
    expect(oneLine('Noura\n\tAlqahtani')).toBe('Noura  Alqahtani');
    expect(oneLine('مختبر\u200f ABC\u200e \u061c\u200dمي')).toBe('مختبر\u200f ABC\u200e \u061c\u200dمي');
  });

  it('is applied by the schemas of names and replies before their length is checked', () => {
    expect(nameSchema.parse(' \u202Eأحمد\u2066 ')).toBe('أحمد');
    expect(nameSchema.safeParse('\u202E\u202C').success).toBe(false);
    expect(familyMemberInput.shape.name.parse('سارة\u202E')).toBe('سارة');
    expect(labProfileInput.shape.nameEn.parse('Lab\u202Egnp.exe')).toBe('Labgnp.exe');
    expect(reviewReplyInput.parse({ id: crypto.randomUUID(), text: 'Thanks\u202E!\nSee you' }).text).toBe('Thanks!\nSee you');
  });
});

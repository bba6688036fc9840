import type { Locale } from '../../../../shared/locale.ts';
import type { Inline, MailContent, Paragraph } from './content.ts';
import { picker } from './format.ts';

// First-strong isolate and pop: the plain-text counterpart of <bdi>.
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * The plain-text part: the same words as the HTML part, and every link written out in full on a
 * line of its own (no isolate around it, so a copied address has no invisible characters).
 */
export function renderText(content: MailContent, locale: Locale, publicUrl: string): string {
  const t = picker(locale);
  const blocks: string[] = ['تحاليل | Tahaleel', content.heading, ...content.intro.map(line)];
  if (content.details) {
    blocks.push(content.details.map((row) => `${row.label}: ${line(row.value)}${row.note ? ` (${row.note})` : ''}`).join('\n'));
  }
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.href}`);
  blocks.push(...(content.notes ?? []).map(line));
  blocks.push(
    [
      '--',
      ...content.reason.map(line),
      t('تحاليل: احجز تحاليلك الطبية في المملكة العربية السعودية', 'Tahaleel: book medical lab tests in Saudi Arabia'),
      publicUrl,
    ].join('\n'),
  );
  return `${blocks.join('\n\n')}\n`;
}

function line(parts: Paragraph): string {
  return parts
    .map(textOf)
    .join('')
    .split('\n')
    .map((row) => row.trim())
    .filter((row) => row !== '')
    .join('\n');
}

function textOf(part: Inline): string {
  if (typeof part === 'string') return part;
  switch (part.kind) {
    case 'isolate':
      return `${FSI}${part.text}${PDI}`;
    case 'link':
      // The address on a line of its own, whatever comes before or after it.
      return `${part.label ? `${part.label}:` : ''}\n${part.href}\n`;
    case 'email':
      return `${FSI}${part.address}${PDI}`;
  }
}

import { isolate, type Paragraph } from './content.ts';
import { clean, type Pick } from './format.ts';

/** 'مرحبًا سارة،' / 'Hello Sarah,'; without a name, 'مرحبًا،' / 'Hello,'. */
export function greeting(t: Pick, name: string | null): Paragraph {
  const shown = name === null ? '' : clean(name);
  if (!shown) return [t('مرحبًا،', 'Hello,')];
  return [t('مرحبًا ', 'Hello '), isolate(shown), t('،', ',')];
}

/** The subject's tail: 'أكّد بريدك الإلكتروني — تحاليل'. */
export function subject(t: Pick, what: string): string {
  return `${what} — ${t('تحاليل', 'Tahaleel')}`;
}

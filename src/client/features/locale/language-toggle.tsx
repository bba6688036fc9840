import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { activateLocale } from '../../lib/locale.ts';

/**
 * Each language is named in its own script, so the switch reads right to whoever needs it. That name
 * is also the button's accessible name (no aria-label over it), so "English" said to a voice control
 * works (WCAG 2.5.3, label in name).
 */
export function LanguageToggle() {
  const { i18n } = useLingui();
  const next = i18n.locale === 'en' ? 'ar' : 'en';
  return (
    <Button variant="ghost" size="sm" onClick={() => void activateLocale(next)} data-testid="language-toggle">
      <Languages aria-hidden />
      <span lang={next}>{next === 'en' ? 'English' : 'العربية'}</span>
    </Button>
  );
}

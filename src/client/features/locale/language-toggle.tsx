import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { activateLocale, activeLocale } from '../../lib/locale.ts';

/** Each language is named in its own script, so the switch reads right to whoever needs it. */
export function LanguageToggle() {
  const { t } = useLingui();
  const next = activeLocale() === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void activateLocale(next)}
      aria-label={t`Switch language`}
      data-testid="language-toggle"
    >
      <Languages aria-hidden />
      <span lang={next}>{next === 'en' ? 'English' : 'العربية'}</span>
    </Button>
  );
}

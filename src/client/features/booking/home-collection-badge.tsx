import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { House } from 'lucide-react';
import { formatSar } from '../../../shared/money.ts';
import { activeLocale } from '../../lib/locale.ts';

/** That a lab collects samples at home, and its fee for the visit; nothing when it does not. */
export function HomeCollectionBadge({ fee }: { fee: number | null }) {
  const { t } = useLingui();
  if (fee === null) return null;
  const amount = formatSar(fee, activeLocale());
  return (
    <Badge variant="subtle" colorPalette="blue" alignSelf="start" data-testid="home-collection-badge">
      <House size={12} aria-hidden />
      {t`Home collection: ${amount}`}
    </Badge>
  );
}

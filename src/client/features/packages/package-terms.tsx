import { Badge } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Droplets, UserRound } from 'lucide-react';

/** Fasting before the visit: its hours, or that none is needed. */
export function FastingBadge({ hours }: { hours: number | null }) {
  const { t } = useLingui();
  return hours ? (
    <Badge size="lg" variant="subtle" colorPalette="orange">
      <Droplets size={14} aria-hidden />
      {t`${plural(hours, { one: 'Fasting # hour', other: 'Fasting # hours' })}`}
    </Badge>
  ) : (
    <Badge size="lg" variant="subtle" colorPalette="green">
      {t`No fasting needed`}
    </Badge>
  );
}

interface Suits {
  sex: 'female' | 'male' | null;
  min_age: number | null;
  max_age: number | null;
}

/** Whom the lab made the package for (a sex, an age band); nothing when it is for anyone. */
export function SuitsBadge({ suits }: { suits: Suits }) {
  const { t } = useLingui();
  const { sex, min_age: min, max_age: max } = suits;
  const ages =
    min !== null && max !== null
      ? t`Ages ${min}–${max}`
      : min !== null
        ? t`Ages ${min} and over`
        : max !== null
          ? t`Ages up to ${max}`
          : null;
  const who =
    sex === 'female' ? (ages ? t`For women, ${ages}` : t`For women`) : sex === 'male' ? (ages ? t`For men, ${ages}` : t`For men`) : ages;
  if (who === null) return null;
  return (
    <Badge size="lg" variant="subtle" colorPalette="purple" data-testid="package-suits">
      <UserRound size={14} aria-hidden />
      {who}
    </Badge>
  );
}

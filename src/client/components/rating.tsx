import { HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { formatNumber } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';

/** A lab's rating with one decimal and its review count ("no reviews yet" with none), read out as one phrase (role img: a name on a bare div is not allowed). */
export function Rating({ rating, reviews }: { rating: number; reviews?: number }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const value = formatNumber(rating, locale, 1);
  if (reviews === 0) {
    return (
      <HStack gap="1">
        <Star size={16} color="var(--chakra-colors-fg-subtle)" aria-hidden />
        <Text color="fg.muted" fontSize="sm">
          {t`No reviews yet`}
        </Text>
      </HStack>
    );
  }
  const reviewCount = reviews === undefined ? null : t`${plural(reviews, { one: '# review', other: '# reviews' })}`;
  return (
    <HStack gap="1" role="img" aria-label={reviewCount === null ? t`Rated ${value} out of 5` : t`Rated ${value} out of 5, ${reviewCount}`}>
      <Star size={16} fill="currentColor" color="var(--chakra-colors-accent-solid)" aria-hidden />
      <Text fontWeight="semibold" aria-hidden>
        {value}
      </Text>
      {reviewCount !== null && (
        <Text color="fg.muted" fontSize="sm" aria-hidden>
          ({reviewCount})
        </Text>
      )}
    </HStack>
  );
}

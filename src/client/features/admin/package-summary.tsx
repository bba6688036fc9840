import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Price } from '../../components/price.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

// What a lab's package holds and whom it suits, as the lab sees it in its list and the admin in the
// review queue (issue #79 item 1): the same facts, drawn once.

interface PackageFactsProps {
  price: number;
  marker_count: number;
  fasting_hours: number | null;
  suits_sex: 'female' | 'male' | null;
  min_age: number | null;
  max_age: number | null;
  members: readonly { test_id: number; name_ar: string; name_en: string }[];
}

/** Whom the package is for, in words: anyone, women or men, and an age band when it has one. */
export function useSuitsText() {
  const { t } = useLingui();
  const locale = activeLocale();
  return ({ suits_sex: sex, min_age, max_age }: Pick<PackageFactsProps, 'suits_sex' | 'min_age' | 'max_age'>) => {
    const who = sex === 'female' ? t`Women` : sex === 'male' ? t`Men` : t`Anyone`;
    const min = min_age === null ? null : formatNumber(min_age, locale);
    const max = max_age === null ? null : formatNumber(max_age, locale);
    if (min !== null && max !== null) return t`${who}, aged ${min} to ${max}`;
    if (min !== null) return t`${who}, aged ${min} and over`;
    if (max !== null) return t`${who}, aged up to ${max}`;
    return who;
  };
}

/** The price, the markers, fasting and whom it suits on one line; its tests as tags below. */
export function PackageFacts({ item }: { item: PackageFactsProps }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const suits = useSuitsText();
  const markers = item.marker_count;
  const fasting = item.fasting_hours;
  return (
    <>
      <HStack gap="2" wrap="wrap" fontSize="sm">
        <Price value={item.price} />
        <Text color="fg.muted">·</Text>
        <Text>{t`${plural(markers, { one: '# marker', other: '# markers' })}`}</Text>
        <Text color="fg.muted">·</Text>
        <Text>{fasting ? t`${plural(fasting, { one: 'Fasting # hour', other: 'Fasting # hours' })}` : t`No fasting`}</Text>
        <Text color="fg.muted">·</Text>
        <Text>{suits(item)}</Text>
      </HStack>
      <Wrap gap="1.5" as="ul" listStyleType="none" aria-label={t`Tests in this package`}>
        {item.members.map((member) => (
          <Badge as="li" key={member.test_id} variant="outline" size="sm" fontWeight="normal">
            {localized(locale, member.name_ar, member.name_en)}
          </Badge>
        ))}
      </Wrap>
    </>
  );
}

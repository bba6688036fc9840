import { chakra, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useId } from 'react';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** A review's stars, read out as one phrase. */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const { t } = useLingui();
  return (
    <HStack gap="0.5" role="img" aria-label={t`Rated ${value} out of 5`}>
      {STAR_VALUES.map((star) => (
        <Star
          key={star}
          size={size}
          aria-hidden
          fill={star <= value ? 'currentColor' : 'none'}
          color={star <= value ? 'var(--chakra-colors-accent-solid)' : 'var(--chakra-colors-fg-subtle)'}
        />
      ))}
    </HStack>
  );
}

const VisuallyHiddenRadio = chakra('input', {
  base: { position: 'absolute', opacity: 0, width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
});

/**
 * Choosing 1–5 stars: five native radio buttons under one name, drawn as stars, so the keyboard works
 * as everywhere else (Tab into the group, arrow keys move and choose, in either direction of text).
 */
export function StarRatingInput({
  value,
  onChange,
  label,
  invalid = false,
}: {
  value: number;
  onChange(value: number): void;
  label: string;
  invalid?: boolean;
}) {
  const { t } = useLingui();
  const name = useId();
  const names = [t`1 star`, t`2 stars`, t`3 stars`, t`4 stars`, t`5 stars`];
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" aria-invalid={invalid || undefined}>
      <chakra.legend fontWeight="medium" mb="2" p="0">
        {label}
      </chakra.legend>
      <HStack gap="1" data-testid="star-rating-input">
        {STAR_VALUES.map((star) => (
          <chakra.label
            key={star}
            htmlFor={`${name}-${star}`}
            position="relative"
            cursor="pointer"
            p="1"
            rounded="md"
            color={star <= value ? 'accent.solid' : 'fg.subtle'}
            _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
            _hover={{ color: 'accent.solid' }}
          >
            <VisuallyHiddenRadio
              type="radio"
              id={`${name}-${star}`}
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={names[star - 1]}
            />
            <Star size={32} aria-hidden fill={star <= value ? 'currentColor' : 'none'} />
          </chakra.label>
        ))}
      </HStack>
    </chakra.fieldset>
  );
}

import { HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { NumericInput } from './numeric-input.tsx';

/** Minus, the number (typed or stepped), plus. Never below `min`; above `max` only if it is unset. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label,
  size = 'md',
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number | undefined;
  label: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useLingui();
  const clamp = (next: number) => Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min, next));
  // What is being typed: the field may be empty for a moment; leaving it puts the number back.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <HStack gap="0" borderWidth="1px" rounded="md" width="fit-content" role="group" aria-label={label}>
      <IconButton
        variant="ghost"
        size={size}
        aria-label={t`Decrease quantity`}
        disabled={value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        <Minus />
      </IconButton>
      <NumericInput
        aria-label={label}
        value={draft ?? String(value)}
        inputMode="numeric"
        dir="ltr"
        textAlign="center"
        width={size === 'sm' ? '10' : '14'}
        size={size}
        border="none"
        px="1"
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          if (!digits) return setDraft('');
          const next = clamp(Number(digits));
          setDraft(String(next));
          onChange(next);
        }}
        onBlur={() => setDraft(null)}
      />
      <IconButton
        variant="ghost"
        size={size}
        aria-label={t`Increase quantity`}
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <Plus />
      </IconButton>
    </HStack>
  );
}

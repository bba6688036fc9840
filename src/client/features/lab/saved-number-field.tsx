import { Field, HStack, IconButton, InputGroup, type InputProps, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { NumericInput } from '../../components/ui/numeric-input.tsx';

/**
 * A number on a price list's row that the lab changes in place (a test's price, its turnaround): the
 * field with its unit at its end, and beside it the button that saves it, on only once a valid new value
 * is typed. Arabic-Indic digits are taken (NumericInput).
 */
export function SavedNumberField({
  value,
  onChange,
  invalid,
  unit,
  icon,
  width,
  decimals = false,
  label,
  placeholder,
  title,
  saveLabel,
  canSave,
  saving,
  onSave,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  unit: string;
  icon?: ReactNode;
  width: InputProps['width'];
  /** Whether it takes decimals (the keyboard's decimal pad), or whole numbers. */
  decimals?: boolean;
  label: string;
  placeholder?: string;
  title?: string;
  saveLabel: string;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <Field.Root invalid={invalid} width="auto">
      <HStack gap="1">
        <InputGroup
          startElement={icon}
          endElement={
            <Text fontSize="xs" color="fg.muted">
              {unit}
            </Text>
          }
          width={width}
        >
          <NumericInput
            size="sm"
            inputMode={decimals ? 'decimal' : 'numeric'}
            value={value}
            placeholder={placeholder}
            title={title}
            onChange={(event) => onChange(event.target.value)}
            aria-label={label}
          />
        </InputGroup>
        <IconButton
          size="sm"
          variant="outline"
          colorPalette="brand"
          aria-label={saveLabel}
          disabled={!canSave}
          loading={saving}
          onClick={onSave}
        >
          <Check />
        </IconButton>
      </HStack>
    </Field.Root>
  );
}

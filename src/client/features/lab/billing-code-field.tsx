import { Field, HStack, IconButton, Input, InputGroup, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { NPHIES_BILLING_CODE_MAX, nphiesBillingCodeSchema } from '../../../shared/schemas.ts';
import { fieldMessage } from '../../lib/errors.ts';

/**
 * The code a test is billed by in NPHIES's laboratory code system (e.g. 80053-00), on its price list row:
 * typed in place and saved with the button beside it; emptied and saved, it is cleared. Checked as the
 * server checks it (Arabic-Indic digits taken), its problem said under it; the server's, when it has one.
 */
export function BillingCodeField({
  value,
  saved,
  onChange,
  label,
  saveLabel,
  saving,
  serverProblem,
  onSave,
}: {
  value: string;
  /** The code as stored, null when there is none. */
  saved: string | null;
  onChange: (value: string) => void;
  label: string;
  saveLabel: string;
  saving: boolean;
  /** The server's field problem for the code, in words. */
  serverProblem: string | undefined;
  /** Saves the code typed, or null to clear it. */
  onSave: (code: string | null) => void;
}) {
  const { i18n, t } = useLingui();
  const typed = value.trim() === '' ? null : nphiesBillingCodeSchema.safeParse(value);
  const code = typed === null ? null : typed.success ? typed.data : undefined;
  const problem = code === undefined ? fieldMessage(i18n, 'nphies_billing_code') : serverProblem;
  const canSave = code !== undefined && code !== saved;
  return (
    <Field.Root invalid={problem !== undefined} width="auto">
      <HStack gap="1">
        <InputGroup
          startElement={
            <Text fontSize="xs" color="fg.muted">
              NPHIES
            </Text>
          }
          width="44"
        >
          <Input
            size="sm"
            dir="ltr"
            fontFamily="mono"
            maxLength={NPHIES_BILLING_CODE_MAX + 10}
            value={value}
            placeholder={t`No code`}
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
          onClick={() => code !== undefined && onSave(code)}
        >
          <Check />
        </IconButton>
      </HStack>
      {problem && <Field.ErrorText maxWidth="52">{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

import { Button, Card, Field, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { fieldError } from '../../lib/errors.ts';

/** One amount of an admin's settings card: its field's name, label and whether it takes decimals. */
export interface AmountField<Name extends string> {
  name: Name;
  label: string;
  whole?: boolean;
}

/**
 * A card of amounts the admin sets and saves together (the wallet's referral credit, the guarantee's
 * credits): each typed in any digits, its server error under it, one Save.
 */
export function AdminAmountsForm<Name extends string>(props: {
  title: string;
  description: string;
  fields: AmountField<Name>[];
  saved: Record<Name, number>;
  saving: boolean;
  error: unknown;
  onSave: (form: Record<Name, string>) => void;
  testIdPrefix: string;
}) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState(
    () => Object.fromEntries(props.fields.map(({ name }) => [name, String(props.saved[name])])) as Record<Name, string>,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave(form);
  };
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {props.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {props.description}
          </Text>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: props.fields.length }} gap="4">
            {props.fields.map(({ name, label, whole }) => {
              const invalid = props.error ? fieldError(i18n, props.error, name) : undefined;
              return (
                <Field.Root key={name} invalid={Boolean(invalid)} required>
                  <Field.Label>{label}</Field.Label>
                  <NumericInput
                    inputMode={whole ? 'numeric' : 'decimal'}
                    dir="ltr"
                    value={form[name]}
                    onChange={(event) => {
                      const value = event.target.value;
                      setForm((current) => ({ ...current, [name]: value }));
                    }}
                    data-testid={`${props.testIdPrefix}-${name}`}
                  />
                  <Field.ErrorText>{invalid}</Field.ErrorText>
                </Field.Root>
              );
            })}
          </SimpleGrid>
        </Card.Body>
        <Card.Footer>
          <Button type="submit" colorPalette="brand" loading={props.saving}>
            {t`Save`}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

import { Field, Grid, Input, type InputProps, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** The buyer and their Saudi National Address, as typed (the server checks and normalizes them). */
export interface DeliveryForm {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  district: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  shortAddress: string;
}

export const emptyDelivery: DeliveryForm = {
  fullName: '',
  email: '',
  phone: '',
  city: '',
  district: '',
  street: '',
  buildingNumber: '',
  postalCode: '',
  shortAddress: '',
};

interface DeliveryFieldsProps {
  value: DeliveryForm;
  onChange: (next: DeliveryForm) => void;
  errorOf: (field: keyof DeliveryForm) => string | undefined;
}

/** Contact and delivery: the standard autocomplete tokens, so a phone fills them from the saved address. */
export function DeliveryFields({ value, onChange, errorOf }: DeliveryFieldsProps) {
  const { t } = useLingui();
  const field = (
    name: keyof DeliveryForm,
    label: string,
    props: InputProps,
    { optional = false, helper }: { optional?: boolean; helper?: string } = {},
  ) => (
    <Field.Root invalid={Boolean(errorOf(name))} required={!optional}>
      <Field.Label>
        {label}
        {optional ? (
          <Text as="span" color="fg.muted" fontWeight="normal" ms="1">
            {t`(optional)`}
          </Text>
        ) : (
          <Field.RequiredIndicator />
        )}
      </Field.Label>
      <Input value={value[name]} onChange={(event) => onChange({ ...value, [name]: event.target.value })} {...props} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{errorOf(name)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap="4">
      <Text as="h2" fontWeight="semibold" fontSize="lg">
        {t`Contact details`}
      </Text>
      {field('fullName', t`Full name`, { autoComplete: 'name' })}
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        {field('email', t`Email`, { type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' })}
        {field(
          'phone',
          t`Mobile number`,
          { type: 'tel', autoComplete: 'tel', inputMode: 'tel', dir: 'ltr', placeholder: '05XXXXXXXX' },
          { helper: t`A Saudi mobile number, e.g. 05XXXXXXXX or +966 5XXXXXXXX.` },
        )}
      </Grid>
      <Text as="h2" fontWeight="semibold" fontSize="lg" pt="2">
        {t`Delivery address`}
      </Text>
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        {field('city', t`City`, { autoComplete: 'address-level2' })}
        {field('district', t`District`, { autoComplete: 'address-level3' })}
      </Grid>
      {field('street', t`Street`, { autoComplete: 'address-line1' })}
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        {field('buildingNumber', t`Building number`, { inputMode: 'numeric', dir: 'ltr', maxLength: 4, placeholder: '1234' })}
        {field('postalCode', t`Postal code`, {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          dir: 'ltr',
          maxLength: 5,
          placeholder: '12345',
        })}
      </Grid>
      {field(
        'shortAddress',
        t`Short address`,
        { dir: 'ltr', maxLength: 9, placeholder: 'RRRD2929', autoCapitalize: 'characters' },
        { optional: true, helper: t`From the Saudi National Address: 4 letters and 4 digits.` },
      )}
    </Stack>
  );
}

/** What a signed-in buyer's own details give the form to start from; any field may be missing. */
export type DeliveryPrefill = Partial<Record<keyof DeliveryForm, string | null | undefined>>;

/** Whatever the form starts from: a signed-in buyer's own details, never null values. */
export function deliveryFrom(prefill: DeliveryPrefill | null): DeliveryForm {
  const form = { ...emptyDelivery };
  for (const key of Object.keys(form) as (keyof DeliveryForm)[]) form[key] = prefill?.[key] ?? '';
  return form;
}

import { Link as ChakraLink, Checkbox, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * "I agree to the Terms & Conditions and the Privacy Policy", which every new account ticks (sign-up, a
 * guest, a number's first sign-in), with what is wrong under it, named for screen readers by `errorId`.
 */
export function TermsConsent({
  checked,
  onChange,
  error,
  errorId,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  errorId: string;
}) {
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={checked}
        onCheckedChange={(event) => onChange(event.checked === true)}
        invalid={Boolean(error)}
        colorPalette="brand"
        alignItems="start"
      >
        <Checkbox.HiddenInput aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
        <Checkbox.Control mt="0.5" data-testid="consent-checkbox" />
        <Checkbox.Label fontWeight="normal">
          <Trans>
            I agree to the{' '}
            <ChakraLink href="/terms-and-conditions" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
              Terms & Conditions
            </ChakraLink>{' '}
            and the{' '}
            <ChakraLink href="/privacy-policy" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
              Privacy Policy
            </ChakraLink>
          </Trans>
        </Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text id={errorId} color="fg.error" fontSize="sm" ps="7">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** News and offers by e-mail: a choice of its own, unticked unless the person ticks it (PDPL). */
export function MarketingChoice({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useLingui();
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(event) => onChange(event.checked === true)} colorPalette="brand" alignItems="start">
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal">{t`Send me news and offers (optional; you can stop them any time from your account)`}</Checkbox.Label>
    </Checkbox.Root>
  );
}

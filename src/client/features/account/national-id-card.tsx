import { Badge, Button, Card, Field, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { NafathDialog } from './nafath-dialog.tsx';

/** What the badge says of a number: verified by Nafath with the name it gave, or not (yet). */
export function VerifiedBadge({ verified }: { verified: { name_ar: string | null; name_en: string | null; verified_at: string } | null }) {
  const { t } = useLingui();
  const locale = activeLocale();
  if (!verified) {
    return (
      <Badge colorPalette="orange" data-testid="national-id-status">
        {t`Not verified`}
      </Badge>
    );
  }
  const name = (locale === 'ar' ? verified.name_ar : verified.name_en) ?? verified.name_ar ?? verified.name_en ?? '';
  return (
    <Stack gap="1">
      <Badge colorPalette="green" alignSelf="start" data-testid="national-id-status">
        <ShieldCheck aria-hidden />
        {t`Verified by Nafath`}
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        {t`As ${name}, on ${formatDate(new Date(verified.verified_at), locale)}`}
      </Text>
    </Stack>
  );
}

/**
 * The account holder's own national ID or Iqama number (issue #80): typed here, verified by Nafath. Insurers
 * and NPHIES know a patient by it; a changed number is no longer verified.
 */
export function NationalIdCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const identity = useQuery(trpc.identity.mine.queryOptions());
  const [typed, setTyped] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const save = useMutation(
    trpc.identity.setNationalId.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.identity.mine.queryKey(), saved);
        setTyped(null);
        notify.success({ title: t`Your ID number has been saved.` });
      },
      onError: (error) => {
        if (!fieldError(i18n, error, 'nationalId'))
          notify.error({ title: t`Could not save your ID number`, description: errorMessage(i18n, error) });
      },
    }),
  );
  const onFile = identity.data?.national_id ?? '';
  const value = typed ?? onFile;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ nationalId: value });
  };
  const invalid = save.error ? fieldError(i18n, save.error, 'nationalId') : undefined;

  return (
    <Card.Root variant="outline" id="national-id" data-testid="national-id-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`National ID or Iqama number`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t`Insurers know you by this number. Verify it with Nafath to use your insurance for lab tests.`}
        </Text>
      </Card.Header>
      <Card.Body>
        {identity.isError ? (
          <ErrorState title={t`Could not load your ID number`} error={identity.error} onRetry={() => void identity.refetch()} />
        ) : identity.isPending ? (
          <Skeleton height="20" />
        ) : (
          <Stack gap="5">
            {identity.data.national_id && <VerifiedBadge verified={identity.data.verified} />}
            <form onSubmit={submit} noValidate>
              <Stack gap="4">
                <Field.Root invalid={Boolean(invalid)}>
                  <Field.Label>{t`National ID or Iqama number`}</Field.Label>
                  <NumericInput
                    dir="ltr"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={10}
                    value={value}
                    onChange={(event) => setTyped(event.target.value)}
                    data-testid="national-id-input"
                  />
                  <Field.HelperText>{t`10 digits: a national ID starts with 1, an Iqama number with 2.`}</Field.HelperText>
                  <Field.ErrorText>{invalid}</Field.ErrorText>
                </Field.Root>
                <HStack gap="3" wrap="wrap">
                  <Button type="submit" colorPalette="brand" variant="outline" loading={save.isPending} disabled={value === onFile}>
                    <Save aria-hidden />
                    {t`Save number`}
                  </Button>
                  {identity.data.national_id && !identity.data.verified && value === onFile && (
                    <Button colorPalette="brand" onClick={() => setVerifying(true)} data-testid="verify-with-nafath">
                      <ShieldCheck aria-hidden />
                      {t`Verify with Nafath`}
                    </Button>
                  )}
                </HStack>
                {identity.data.verified && value !== onFile && (
                  <Text fontSize="sm" color="fg.warning">{t`A new number will need to be verified with Nafath again.`}</Text>
                )}
              </Stack>
            </form>
          </Stack>
        )}
      </Card.Body>
      {identity.data?.national_id && (
        <NafathDialog open={verifying} onClose={() => setVerifying(false)} nationalId={identity.data.national_id} />
      )}
    </Card.Root>
  );
}

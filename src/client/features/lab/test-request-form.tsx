import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** Both names are required (spec §5); the request waits for an admin's review. */
export function TestRequestForm() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [names, setNames] = useState({ nameAr: '', nameEn: '' });
  const [missing, setMissing] = useState<{ nameAr?: boolean; nameEn?: boolean }>({});
  const request = useMutation(
    trpc.lab.requestTest.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Your request has been sent for review.` });
        setNames({ nameAr: '', nameEn: '' });
        void queryClient.invalidateQueries({ queryKey: trpc.lab.testRequests.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not send the request`, description: errorMessage(i18n, error) }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { nameAr: !names.nameAr.trim(), nameEn: !names.nameEn.trim() };
    setMissing(next);
    if (next.nameAr || next.nameEn) return;
    request.mutate(names);
  };

  const invalid = (field: 'nameAr' | 'nameEn') =>
    missing[field] ? t`This field is required.` : request.error ? fieldError(i18n, request.error, field) : undefined;

  return (
    <Card.Root variant="outline" asChild data-testid="test-request-form">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Request a new test`}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t`Is a test you offer missing from the catalogue? Send its names and our team will add it after review.`}
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(invalid('nameAr'))} required>
                <Field.Label>{t`Test name in Arabic`}</Field.Label>
                <Input
                  dir="rtl"
                  lang="ar"
                  value={names.nameAr}
                  onChange={(event) => setNames((current) => ({ ...current, nameAr: event.target.value }))}
                  placeholder="تحليل الزنك"
                />
                <Field.ErrorText>{invalid('nameAr')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(invalid('nameEn'))} required>
                <Field.Label>{t`Test name in English`}</Field.Label>
                <Input
                  dir="ltr"
                  lang="en"
                  value={names.nameEn}
                  onChange={(event) => setNames((current) => ({ ...current, nameEn: event.target.value }))}
                  placeholder="Zinc Level"
                />
                <Field.ErrorText>{invalid('nameEn')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={request.isPending}>
              <Send aria-hidden />
              {t`Send request`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

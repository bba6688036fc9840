import { Badge, Button, Card, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, ShieldPlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { riyadhToday } from '../../../shared/insurance-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { appErrorMessage, errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { checkBeforeUpload, FileUploadError, postFile } from '../../lib/file-upload.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Policy = RouterOutputs['insurance']['mine'][number];

/** Whose card the dialog is for: the holder (`familyMemberId` null) or a family member, and the card they have. */
interface Editing {
  familyMemberId: string | null;
  name: string;
  policy: Policy | undefined;
}

const fields = ['insurerId', 'memberId', 'policyClass', 'network', 'expiresOn'] as const;
type FieldName = (typeof fields)[number];

function formOf(policy: Policy | undefined): Record<FieldName, string> {
  return {
    insurerId: policy?.insurer_id ?? '',
    memberId: policy?.member_id ?? '',
    policyClass: policy?.policy_class ?? '',
    network: policy?.network ?? '',
    expiresOn: policy?.expires_on ?? '',
  };
}

/** Adds or changes one person's health insurance card (issue #80, ADR 0094). */
function InsuranceDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const insurers = useQuery({ ...trpc.insurance.insurers.queryOptions(), enabled: editing !== null });
  const [form, setForm] = useState(() => formOf(undefined));
  const save = useMutation(
    trpc.insurance.save.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Insurance saved.` });
        void queryClient.invalidateQueries({ queryKey: trpc.insurance.mine.queryKey() });
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED')
          notify.error({ title: t`Could not save the insurance`, description: errorMessage(i18n, error) });
      },
    }),
  );
  useEffect(() => {
    if (editing === null) return;
    setForm(formOf(editing.policy));
    save.reset();
  }, [editing, save.reset]);

  const problem = (field: FieldName) =>
    save.error ? fieldError(i18n, save.error, field, { max: field === 'network' ? 60 : 40 }) : undefined;
  const set = (field: FieldName) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) save.mutate({ ...form, familyMemberId: editing.familyMemberId });
  };

  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      testId="insurance-dialog"
      title={editing?.familyMemberId ? t`Insurance of ${isolated(editing.name)}` : t`Your insurance`}
      onSubmit={submit}
      submit={{ label: t`Save insurance`, pending: save.isPending, testId: 'save-insurance' }}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t`As printed on the insurance card. Labs in your insurer's network check your coverage before you pay.`}
        </Text>
        <Field.Root invalid={Boolean(problem('insurerId'))} required>
          <Field.Label>
            {t`Insurance company`}
            <Field.RequiredIndicator />
          </Field.Label>
          {insurers.isPending ? (
            <Skeleton height="10" />
          ) : insurers.isError ? (
            <ErrorState title={t`Could not load the insurers`} error={insurers.error} onRetry={() => void insurers.refetch()} />
          ) : (
            <NativeSelect.Root>
              <NativeSelect.Field value={form.insurerId} onChange={set('insurerId')} data-testid="insurance-insurer">
                <option value="">{t`Choose your insurer`}</option>
                {insurers.data.map((insurer) => (
                  <option key={insurer.id} value={insurer.id}>
                    {localized(locale, insurer.name_ar, insurer.name_en)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          <Field.ErrorText>{problem('insurerId')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('memberId'))} required>
            <Field.Label>
              {t`Member number`}
              <Field.RequiredIndicator />
            </Field.Label>
            <NumericInput dir="ltr" value={form.memberId} onChange={set('memberId')} maxLength={40} data-testid="insurance-member-id" />
            <Field.ErrorText>{problem('memberId')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('policyClass'))} required>
            <Field.Label>
              {t`Class`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={form.policyClass} onChange={set('policyClass')} maxLength={40} data-testid="insurance-class" />
            <Field.HelperText>{t`For example VIP, A, B or C.`}</Field.HelperText>
            <Field.ErrorText>{problem('policyClass')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('network'))}>
            <Field.Label>{t`Network (optional)`}</Field.Label>
            <Input value={form.network} onChange={set('network')} maxLength={60} />
            <Field.ErrorText>{problem('network')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('expiresOn'))} required>
            <Field.Label>
              {t`Valid until`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" min={riyadhToday()} value={form.expiresOn} onChange={set('expiresOn')} data-testid="insurance-expires" />
            <Field.ErrorText>{problem('expiresOn')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

function PolicySummary({ policy }: { policy: Policy }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="0.5" fontSize="sm">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{localized(locale, policy.insurer_name_ar, policy.insurer_name_en)}</Text>
        {!policy.in_force && (
          <Badge colorPalette="red" variant="subtle">
            {t`Ended`}
          </Badge>
        )}
      </HStack>
      <Text color="fg.muted">
        {t`Member number ${isolated(policy.member_id)} · class ${isolated(policy.policy_class)}`}
        {policy.network ? ` · ${t`network ${isolated(policy.network)}`}` : ''}
      </Text>
      <Text color="fg.muted">{t`Valid until ${formatDate(new Date(`${policy.expires_on}T12:00:00Z`), locale)}`}</Text>
    </Stack>
  );
}

const photoUrl = (familyMemberId: string | null) =>
  `/files/insurance-cards${familyMemberId ? `?familyMemberId=${encodeURIComponent(familyMemberId)}` : ''}`;

/** The card's photo: added or replaced (a picture or a PDF, sealed on the server), and opened in a new tab. */
function CardPhoto({ familyMemberId, hasPhoto }: { familyMemberId: string | null; hasPhoto: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const problem = await checkBeforeUpload(file);
      if (problem) throw new FileUploadError(problem);
      return postFile('/files/insurance-cards', { familyMemberId: familyMemberId ?? '' }, file);
    },
    onSuccess: () => {
      notify.success({ title: t`Card photo saved.` });
      void queryClient.invalidateQueries({ queryKey: trpc.insurance.mine.queryKey() });
    },
    onError: (error) =>
      notify.error({
        title: t`Could not save the card photo`,
        description: appErrorMessage(i18n, error instanceof FileUploadError ? error.code : 'INTERNAL'),
      }),
  });
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <HStack gap="2" wrap="wrap">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        hidden
        onChange={chosen}
        data-testid="insurance-photo-input"
      />
      <Button size="xs" variant="ghost" loading={upload.isPending} onClick={() => input.current?.click()}>
        <Camera aria-hidden />
        {hasPhoto ? t`Replace card photo` : t`Add card photo`}
      </Button>
      {hasPhoto && (
        <Button size="xs" variant="ghost" asChild>
          <a href={photoUrl(familyMemberId)} target="_blank" rel="noopener" data-testid="insurance-photo-link">
            {t`View card photo`}
          </a>
        </Button>
      )}
    </HStack>
  );
}

/**
 * Health insurance for the holder and each family member: a card per person, added, changed or removed
 * here. Checkout uses it with labs in the insurer's network (issue #80).
 */
export function InsuranceCard({ holderName }: { holderName: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const policies = useQuery(trpc.insurance.mine.queryOptions());
  const members = useQuery(trpc.family.list.queryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useMutation(
    trpc.insurance.remove.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Insurance removed.` });
        void queryClient.invalidateQueries({ queryKey: trpc.insurance.mine.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not remove the insurance`, description: errorMessage(i18n, error) }),
    }),
  );
  const people = [
    { familyMemberId: null, name: holderName, label: t`You` },
    ...(members.data ?? []).map((member) => ({ familyMemberId: member.id, name: member.name, label: member.name })),
  ];
  const policyOf = (familyMemberId: string | null) => policies.data?.find((policy) => policy.family_member_id === familyMemberId);

  return (
    <Card.Root variant="outline" id="insurance" data-testid="insurance-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Health insurance`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t`Add the insurance card of each person you book for. Where a lab is in the insurer's network, you pay only your share.`}
        </Text>
      </Card.Header>
      <Card.Body>
        {policies.isError || members.isError ? (
          <ErrorState
            title={t`Could not load your insurance`}
            error={policies.error ?? members.error}
            onRetry={() => void Promise.all([policies.refetch(), members.refetch()])}
          />
        ) : policies.isPending || members.isPending ? (
          <Stack gap="2">
            <Skeleton height="16" />
            <Skeleton height="16" />
          </Stack>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2">
            {people.map((person) => {
              const policy = policyOf(person.familyMemberId);
              return (
                <Stack
                  as="li"
                  key={person.familyMemberId ?? 'holder'}
                  direction={{ base: 'column', sm: 'row' }}
                  justify="space-between"
                  align={{ base: 'stretch', sm: 'center' }}
                  gap="3"
                  borderWidth="1px"
                  rounded="md"
                  p="3"
                  data-testid="insurance-person"
                >
                  <Stack gap="1" minWidth="0">
                    <Text fontWeight="semibold">
                      <bdi>{person.label}</bdi>
                    </Text>
                    {policy ? (
                      <>
                        <PolicySummary policy={policy} />
                        <CardPhoto familyMemberId={person.familyMemberId} hasPhoto={policy.has_card_photo} />
                      </>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">{t`No insurance added.`}</Text>
                    )}
                  </Stack>
                  <HStack gap="2" flexShrink={0}>
                    <Button size="sm" variant="outline" onClick={() => setEditing({ ...person, policy })}>
                      {policy ? (
                        t`Change`
                      ) : (
                        <>
                          <ShieldPlus aria-hidden />
                          {t`Add insurance`}
                        </>
                      )}
                    </Button>
                    {policy && (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        loading={remove.isPending && remove.variables?.familyMemberId === person.familyMemberId}
                        onClick={() => remove.mutate({ familyMemberId: person.familyMemberId })}
                      >
                        {t`Remove`}
                      </Button>
                    )}
                  </HStack>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
      <InsuranceDialog editing={editing} onClose={() => setEditing(null)} />
    </Card.Root>
  );
}

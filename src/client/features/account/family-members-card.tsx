import { Button, Card, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { familyRelations } from '../../../shared/family.ts';
import { NAFATH_MIN_AGE } from '../../../shared/identity.ts';
import { ageOn } from '../../../shared/time.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { NafathDialog } from './nafath-dialog.tsx';
import { VerifiedBadge } from './national-id-card.tsx';

type Relation = (typeof familyRelations)[number];
const emptyForm = { name: '', relation: 'child' as Relation, sex: 'female' as 'female' | 'male', dateOfBirth: '', nationalId: '' };

/** The people the customer books for: listed with their age, added, and removed (issue #22). */
export function FamilyMembersCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.family.list.queryOptions());
  const [form, setForm] = useState(emptyForm);
  const [verifying, setVerifying] = useState<{ id: string; name: string; nationalId: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.family.list.queryKey() });
  const add = useMutation(
    trpc.family.add.mutationOptions({
      onSuccess: () => {
        setForm(emptyForm);
        notify.success({ title: t`Family member added.` });
        void refresh();
      },
      onError: (error) => notify.error({ title: t`Could not add the family member`, description: errorMessage(i18n, error) }),
    }),
  );
  const remove = useMutation(
    trpc.family.remove.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Family member removed.` });
        void refresh();
      },
      onError: (error) => notify.error({ title: t`Could not remove the family member`, description: errorMessage(i18n, error) }),
    }),
  );
  const relationLabel: Record<Relation, string> = {
    mother: t`Mother`,
    father: t`Father`,
    spouse: t`Spouse`,
    child: t`Child`,
    sibling: t`Brother or sister`,
    other: t`Other`,
  };
  const today = new Date().toISOString().slice(0, 10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...form, nationalId: form.nationalId || undefined });
  };
  const invalid = (field: string) => (add.error ? fieldError(i18n, add.error, field) : undefined);

  return (
    <Card.Root variant="outline" data-testid="family-members-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Family members`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t`Book tests for your parents, children and others. Their results appear in your account, under their name.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {members.isError ? (
            <ErrorState title={t`Could not load your family members`} error={members.error} onRetry={() => void members.refetch()} />
          ) : members.data?.length === 0 ? (
            <EmptyState>{t`No family members yet.`}</EmptyState>
          ) : (
            <Stack as="ul" listStyleType="none" gap="2">
              {members.data?.map((member) => (
                <HStack as="li" key={member.id} justify="space-between" borderWidth="1px" rounded="md" p="3" data-testid="family-member">
                  <Stack gap="0">
                    <Text fontWeight="semibold">
                      <bdi>{member.name}</bdi>
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {relationLabel[member.relation]} · {t`${ageOn(member.date_of_birth, today)} years`}
                    </Text>
                    {member.national_id && (
                      <Stack gap="1" mt="1" data-testid="family-member-identity">
                        <Text fontSize="sm" as="bdi" dir="ltr">
                          {member.national_id}
                        </Text>
                        {ageOn(member.date_of_birth, today) < NAFATH_MIN_AGE ? (
                          <Text
                            fontSize="sm"
                            color="fg.muted"
                          >{t`Under ${NAFATH_MIN_AGE}: no Nafath of their own. Their number counts under your verified ID, as their guardian.`}</Text>
                        ) : member.verified ? (
                          <VerifiedBadge verified={member.verified} />
                        ) : (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="brand"
                            alignSelf="start"
                            onClick={() =>
                              member.national_id && setVerifying({ id: member.id, name: member.name, nationalId: member.national_id })
                            }
                          >
                            <ShieldCheck aria-hidden />
                            {t`Verify with Nafath`}
                          </Button>
                        )}
                      </Stack>
                    )}
                  </Stack>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    loading={remove.isPending && remove.variables?.id === member.id}
                    onClick={() => remove.mutate({ id: member.id })}
                  >
                    {t`Remove`}
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              <Heading as="h4" size="sm">
                {t`Add a family member`}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Field.Root invalid={Boolean(invalid('name'))} required>
                  <Field.Label>{t`Full name`}</Field.Label>
                  <Input value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
                  <Field.ErrorText>{invalid('name')}</Field.ErrorText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t`Relation`}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={form.relation}
                      onChange={(event) => setForm({ ...form, relation: event.currentTarget.value as Relation })}
                    >
                      {(Object.keys(relationLabel) as Relation[]).map((relation) => (
                        <option key={relation} value={relation}>
                          {relationLabel[relation]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t`Sex`}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={form.sex}
                      onChange={(event) => setForm({ ...form, sex: event.currentTarget.value as 'female' | 'male' })}
                    >
                      <option value="female">{t`Female`}</option>
                      <option value="male">{t`Male`}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root invalid={Boolean(invalid('dateOfBirth'))} required>
                  <Field.Label>{t`Date of birth`}</Field.Label>
                  <Input
                    type="date"
                    max={today}
                    value={form.dateOfBirth}
                    onChange={(event) => setForm({ ...form, dateOfBirth: event.target.value })}
                  />
                  <Field.ErrorText>{invalid('dateOfBirth')}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(invalid('nationalId'))}>
                  <Field.Label>{t`National ID or Iqama number (optional)`}</Field.Label>
                  <NumericInput
                    dir="ltr"
                    inputMode="numeric"
                    maxLength={10}
                    value={form.nationalId}
                    onChange={(event) => setForm({ ...form, nationalId: event.target.value })}
                  />
                  <Field.ErrorText>{invalid('nationalId')}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>
              <Button type="submit" colorPalette="brand" alignSelf="start" loading={add.isPending} data-testid="add-family-member">
                <UserPlus aria-hidden />
                {t`Add family member`}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
      {verifying && (
        <NafathDialog
          open
          onClose={() => setVerifying(null)}
          nationalId={verifying.nationalId}
          familyMemberId={verifying.id}
          memberName={verifying.name}
        />
      )}
    </Card.Root>
  );
}

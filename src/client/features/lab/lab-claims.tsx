import { Badge, Box, Button, Card, Dialog, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, User } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { icd10amCode } from '../../../shared/insurance-claim-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Claim = RouterOutputs['insuranceClaims']['mine'][number];
type ClaimStatus = Claim['status'];

/** How often the list asks again: the server's round opens and answers claims every 30 s. */
const REFRESH_MS = 30_000;

/** The list's filters (`?filter=` in the address, as the dashboards' other lists keep theirs). */
const FILTERS = ['all', 'needs-action', 'settled', 'in-progress'] as const;
type Filter = (typeof FILTERS)[number];

/** A claim the lab can correct and send again: rejected or failed, and not corrected already. */
const resubmittable = (claim: Claim) => (claim.status === 'rejected' || claim.status === 'failed') && !claim.replaced;

const inFilter: Record<Filter, (claim: Claim) => boolean> = {
  all: () => true,
  'needs-action': resubmittable,
  settled: (claim) => claim.status === 'accepted' || claim.status === 'partly-accepted' || claim.status === 'paid',
  'in-progress': (claim) => claim.status === 'pending' || claim.status === 'queued',
};

/** A claim's status in a word (a claim, "مطالبة", is feminine in Arabic: the words have their own context). */
const statusWords: Record<ClaimStatus, MessageDescriptor> = {
  pending: msg({ message: 'Sending', context: 'insurance claim status' }),
  queued: msg({ message: 'Waiting for the insurer', context: 'insurance claim status' }),
  accepted: msg({ message: 'Accepted', context: 'insurance claim status' }),
  'partly-accepted': msg({ message: 'Partly accepted', context: 'insurance claim status' }),
  rejected: msg({ message: 'Rejected', context: 'insurance claim status' }),
  paid: msg({ message: 'Paid', context: 'insurance claim status' }),
  failed: msg({ message: 'Failed', context: 'insurance claim status' }),
};

const statusPalettes: Record<ClaimStatus, string> = {
  pending: 'gray',
  queued: 'blue',
  accepted: 'teal',
  'partly-accepted': 'yellow',
  rejected: 'red',
  paid: 'green',
  failed: 'orange',
};

/** Why a claim failed, as what the lab does about it (`problem`: the server's insurance-claims.service.ts and the coverage check's reasons). */
const problemSentences: Partial<Record<string, MessageDescriptor>> = {
  nphies_timeout: msg`NPHIES did not answer after several tries. Send the claim again in a little while.`,
  nphies_refused: msg`NPHIES refused the message. Correct what its codes below name, then send again.`,
  results_not_final: msg`The visit's results are not final. Release the final report, then send again.`,
  test_without_billing_code: msg`Add the test's NPHIES billing code in your price list, then send again.`,
  lab_not_connected: msg`Your lab's NPHIES connection is missing or does not work. Check it in the Insurance section, then send again.`,
  claim_not_accepted: msg`The claim could not be built from the visit's details (the patient's card, the billing code or the values). Check them, then send again.`,
  patient_not_found: msg`The patient's account or family member no longer exists, so the claim cannot be built here. Claim this visit from your own system.`,
  no_insurance: msg`The patient's insurance was not in force on the visit's day. Ask the patient to update their card, then send again.`,
  identity_not_verified: msg`The patient's ID number is not verified with Nafath. Ask the patient to verify it in their account, then send again.`,
  profile_incomplete: msg`The patient's profile lacks their sex or date of birth. Ask the patient to add them, then send again.`,
  lab_not_in_network: msg`Your lab is not in the network of the patient's insurer for their policy class. Check your insurance networks, then send again.`,
  card_not_accepted: msg`The patient's insurance card cannot be sent to NPHIES as saved (its member number, for one). Ask the patient to correct it, then send again.`,
};

const problemSentence = (i18n: I18n, problem: string | null) =>
  i18n._(problemSentences[problem ?? ''] ?? msg`The claim could not be sent. Send it again, and contact us if it fails again.`);

/**
 * The lab's insurance claims (issue #80 item 5, ADR 0100): each insured visit claimed from the insurer
 * through the lab's NPHIES connection once its results are final, with NPHIES's answer (its status, its
 * reasons, what the insurer pays), and a rejected or failed claim corrected and sent again, once. The
 * list grows by itself: the server's round opens claims, so it is asked again every 30 s.
 */
export function LabClaims({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const claims = useQuery({ ...trpc.insuranceClaims.mine.queryOptions(), refetchInterval: REFRESH_MS });
  const filter: Filter = FILTERS.find((value) => value === list.search.filter) ?? 'all';
  const [resending, setResending] = useState<Claim | null>(null);

  return (
    <Stack gap="6" data-testid="lab-claims">
      <SectionTitle
        title={t`Insurance claims`}
        description={t`Once a visit's results are final, its insurer's share is claimed through your NPHIES connection. A patient is never charged for a rejected claim unless you decide so.`}
      />
      {claims.isError ? (
        <ErrorState title={t`Error fetching your insurance claims`} error={claims.error} onRetry={() => void claims.refetch()} />
      ) : claims.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label={t`Loading your insurance claims`}>
          <Skeleton height="10" rounded="l2" maxW="md" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height="32" rounded="l2" />
          ))}
        </Stack>
      ) : claims.data.length === 0 ? (
        <EmptyState>{t`No claims yet: a visit paid with insurance is claimed once its results are final.`}</EmptyState>
      ) : (
        <>
          <FilterChips
            claims={claims.data}
            filter={filter}
            onChange={(next) => list.onChange({ filter: next === 'all' ? undefined : next })}
          />
          <ClaimList claims={claims.data.filter(inFilter[filter])} onResend={setResending} />
        </>
      )}
      <ResendDialog claim={resending} onClose={() => setResending(null)} />
    </Stack>
  );
}

function FilterChips({ claims, filter, onChange }: { claims: Claim[]; filter: Filter; onChange: (filter: Filter) => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const labels: Record<Filter, string> = {
    all: t`All`,
    'needs-action': t`Needs action`,
    settled: t`Accepted and paid`,
    'in-progress': t`In progress`,
  };
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t`Show claims`} data-testid="lab-claims-filter">
      {FILTERS.map((value) => (
        <Button
          key={value}
          size="sm"
          rounded="full"
          variant={value === filter ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={value === filter}
          onClick={() => onChange(value)}
          data-filter={value}
        >
          {labels[value]}
          <Badge variant={value === filter ? 'surface' : 'subtle'} colorPalette="gray" size="sm">
            {formatNumber(claims.filter(inFilter[value]).length, locale)}
          </Badge>
        </Button>
      ))}
    </HStack>
  );
}

function ClaimList({ claims, onResend }: { claims: Claim[]; onResend: (claim: Claim) => void }) {
  const { t } = useLingui();
  if (claims.length === 0) return <EmptyState>{t`No claims match this filter.`}</EmptyState>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label={t`Your insurance claims`}>
      {claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} onResend={() => onResend(claim)} />
      ))}
    </Stack>
  );
}

function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge colorPalette={statusPalettes[status]} variant="subtle" data-testid="lab-claim-status" data-status={status}>
      {i18n._(statusWords[status])}
    </Badge>
  );
}

/** A code as NPHIES or ICD-10-AM spell it: left to right, in the monospaced face. */
function Code({ children }: { children: string }) {
  return (
    <Text as="bdi" dir="ltr" fontFamily="mono" color="fg" whiteSpace="nowrap">
      {children}
    </Text>
  );
}

/** One claim: the visit (reference, patient, test, day), its amounts, NPHIES's answer, and what the lab can do. */
function ClaimCard({ claim, onResend }: { claim: Claim; onResend: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const attempts = claim.attempts;
  const visitDay = formatDate(new Date(claim.bookingTime), locale);
  const answeredDay = claim.answeredAt ? formatDate(new Date(claim.answeredAt), locale) : null;
  return (
    <Card.Root
      as="li"
      variant="outline"
      size="sm"
      data-testid="lab-claim"
      data-claim-id={claim.id}
      bg={claim.replaced ? 'bg.muted' : undefined}
    >
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="1" minWidth="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{localized(locale, claim.test.ar, claim.test.en)}</Text>
              <ClaimStatusBadge status={claim.status} />
              {claim.correction && (
                <Badge colorPalette="purple" variant="outline" data-testid="lab-claim-correction">
                  {t`Correction`}
                </Badge>
              )}
            </HStack>
            {claim.replaced && (
              <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid="lab-claim-replaced">
                {t`Replaced by a correction`}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted" data-testid="lab-claim-reference">
              {t`Booking reference`}: <Code>{claim.bookingReference}</Code>
            </Text>
            <HStack gap="1.5" fontSize="sm">
              <User size={14} aria-hidden />
              <Text>
                <bdi>{claim.patientName}</bdi>
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t`Visit on ${visitDay}`}
              {answeredDay && ` · ${t`answered on ${answeredDay}`}`}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t`Diagnosis (ICD-10-AM)`}: <Code>{claim.diagnosisCode}</Code>
            </Text>
          </Stack>
          <Box
            as="dl"
            display="grid"
            gridTemplateColumns="1fr auto"
            width={{ base: 'full', md: '16rem' }}
            columnGap="4"
            rowGap="1"
            fontSize="sm"
            alignSelf="start"
            flexShrink={0}
          >
            <Text as="dt" color="fg.muted">{t`Price`}</Text>
            <Box as="dd" textAlign="end">
              <Price value={claim.priceSar} fontWeight="normal" />
            </Box>
            <Text as="dt" color="fg.muted">{t`Insurer's share`}</Text>
            <Box as="dd" textAlign="end">
              <Price value={claim.insurerShareSar} fontWeight="normal" />
            </Box>
            {claim.benefitSar !== null && (
              <>
                <Text as="dt" fontWeight="semibold">{t`Insurer pays`}</Text>
                <Box as="dd" textAlign="end" data-testid="lab-claim-benefit">
                  <Price value={claim.benefitSar} />
                </Box>
              </>
            )}
          </Box>
        </Stack>

        {claim.status === 'pending' && claim.attempts > 1 && (
          <Text fontSize="sm" color="fg.muted">
            {t`${plural(attempts, {
              one: 'NPHIES has not answered after # try yet. It is tried again shortly.',
              other: 'NPHIES has not answered after # tries yet. It is tried again shortly.',
            })}`}
          </Text>
        )}
        {claim.status === 'failed' && (
          <Text fontSize="sm" color="orange.fg" data-testid="lab-claim-problem">
            {problemSentence(i18n, claim.problem)}
          </Text>
        )}
        {claim.reasons.length > 0 && (
          <Stack gap="1" fontSize="sm" data-testid="lab-claim-reasons">
            <Text fontWeight="medium">{t`NPHIES's reasons`}</Text>
            <Stack as="ul" gap="1" ps="0" listStyleType="none">
              {claim.reasons.map((reason) => (
                <HStack as="li" key={reason.code} gap="2" align="baseline">
                  <Badge variant="outline" colorPalette="gray" flexShrink={0}>
                    <Code>{reason.code}</Code>
                  </Badge>
                  {reason.display && (
                    <Text as="bdi" minWidth="0">
                      {reason.display}
                    </Text>
                  )}
                </HStack>
              ))}
            </Stack>
          </Stack>
        )}
        {resubmittable(claim) && (
          <HStack justify="start">
            <Button size="sm" variant="outline" colorPalette="brand" onClick={onResend} data-testid="lab-claim-resend">
              <RotateCcw aria-hidden />
              {t`Send again`}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Sends a rejected or failed claim again as a correction (insuranceClaims.resubmit), with the diagnosis
 * it names: the claim's own unless the lab types another ICD-10-AM code (checked as the server checks it,
 * Arabic-Indic digits and lower case taken).
 */
function ResendDialog({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  // Each opening starts from the claim's own code; its reference stays in the sentence while the dialog fades out.
  const [opened, setOpened] = useState<Claim | null>(null);
  const [reference, setReference] = useState('');
  if (claim !== opened) {
    setOpened(claim);
    if (claim) {
      setCode(claim.diagnosisCode);
      setReference(claim.bookingReference);
    }
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.insuranceClaims.mine.queryKey() });
  const resend = useMutation(
    trpc.insuranceClaims.resubmit.mutationOptions({
      onSuccess: (sent) => {
        const status = i18n._(statusWords[sent.status]);
        notify.success({ title: t`The claim was sent again. Its status: ${status}.` });
        void refresh();
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) === 'VALIDATION_FAILED' && fieldError(i18n, error, 'diagnosisCode')) return;
        notify.error({ title: t`Could not send the claim again`, description: errorMessage(i18n, error) });
        void refresh();
      },
    }),
  );
  const typed = code.trim() === '' ? null : icd10amCode.safeParse(code);
  const invalid = typed !== null && !typed.success;
  const problem = invalid
    ? t`Enter an ICD-10-AM code: a letter, two digits, and if needed a dot and up to four more, e.g. Z01.7.`
    : resend.error
      ? fieldError(i18n, resend.error, 'diagnosisCode')
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!claim || invalid) return;
    resend.mutate({ claimId: claim.id, ...(typed?.success && { diagnosisCode: typed.data }) });
  };

  return (
    <FormDialog
      open={claim !== null}
      onClose={() => {
        resend.reset();
        onClose();
      }}
      testId="lab-claim-resend-dialog"
      title={t`Send the claim again`}
      onSubmit={submit}
      submit={{ label: t`Send again`, pending: resend.isPending, testId: 'lab-claim-resend-submit' }}
    >
      <Stack gap="4">
        <Dialog.Description>
          <Trans>
            A correction of the claim for booking <Code>{reference}</Code> goes to the insurer through NPHIES now. A claim can be corrected
            once.
          </Trans>
        </Dialog.Description>
        <Field.Root invalid={problem !== undefined}>
          <Field.Label>{t`Diagnosis code (ICD-10-AM)`}</Field.Label>
          <Input
            name="diagnosisCode"
            dir="ltr"
            fontFamily="mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-testid="lab-claim-diagnosis"
          />
          <Field.HelperText>{t`The corrected claim names this diagnosis. Change it when NPHIES's reasons point to the diagnosis.`}</Field.HelperText>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

import { Alert, Button, Card, Circle, Container, Field, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileLock2, LockKeyhole, ShieldCheck, TimerOff, Unlink } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { SHARE_CODE_LENGTH } from '../../../shared/result-shares.ts';
import { ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { errorCode } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { SharedReport } from './shared-report.tsx';

/** A narrow card for one state of the link (asking for its code, gone, not valid), its heading taking focus. */
function LinkStatePanel({
  icon: Icon,
  palette,
  title,
  children,
}: {
  icon: typeof Unlink;
  palette: string;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Container maxW="lg" py={{ base: '8', md: '16' }} px={{ base: '4', md: '6' }}>
      <Card.Root variant="outline">
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          <Stack align="center" gap="4" textAlign="center">
            <Circle size="16" colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg">
              <Icon size={32} aria-hidden />
            </Circle>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} ref={heading} tabIndex={-1} outline="none">
              {title}
            </Heading>
          </Stack>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** What the server said of the code tried last: none asked yet, or a wrong one with the tries left. */
function codeProblem(error: unknown): { attemptsLeft: number } | null {
  if (errorCode(error) !== 'SHARE_CODE_WRONG') return null;
  const left = (error as { data?: { details?: { attemptsLeft?: unknown } } }).data?.details?.attemptsLeft;
  return { attemptsLeft: typeof left === 'number' ? left : 0 };
}

function CodePrompt({ wrong, busy, onCode }: { wrong: { attemptsLeft: number } | null; busy: boolean; onCode: (code: string) => void }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onCode(typed.trim());
  };
  const left = wrong?.attemptsLeft ?? 0;
  return (
    <LinkStatePanel icon={LockKeyhole} palette="brand" title={t`Enter the code`}>
      <Text textAlign="center" color="fg.muted">
        {t`The patient protected these results with a ${SHARE_CODE_LENGTH}-digit code. They gave it to you with the link.`}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root invalid={wrong !== null}>
            <Field.Label>{t`Code`}</Field.Label>
            <NumericInput
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              dir="ltr"
              textAlign="center"
              fontSize="xl"
              letterSpacing="0.3em"
              data-testid="share-code"
            />
            <Field.ErrorText>{t`That code is not correct. Attempts left before the link locks for good: ${left}`}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="share-code-submit">
            {t`Show the results`}
          </Button>
        </Stack>
      </form>
    </LinkStatePanel>
  );
}

function GonePanel({ reason }: { reason: unknown }) {
  const { t } = useLingui();
  const locked = reason === 'locked';
  return (
    <LinkStatePanel
      icon={locked ? FileLock2 : TimerOff}
      palette="orange"
      title={locked ? t`This link is locked` : t`This link has expired or was revoked`}
    >
      <Text textAlign="center" color="fg.muted" data-testid="share-gone">
        {locked
          ? t`Too many wrong codes were entered, so this link no longer opens. Ask the patient to share their results again.`
          : t`The patient's results are no longer shared through this link. Ask the patient to share them again if you still need them.`}
      </Text>
      <Button asChild variant="outline" alignSelf="center">
        <Link to="/">{t`Go to the home page`}</Link>
      </Button>
    </LinkStatePanel>
  );
}

/**
 * The page a doctor opens from a patient's share link (ADR 0061): no account, read-only, kept out of
 * search engines. It reads the shared reports once (each reading is logged and shown to the patient),
 * asks for the code when the share has one, and says so when the link has ended or is not valid.
 */
export function SharedResultsPage({ token }: { token: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  usePageMeta({ title: t`Shared lab results`, noindex: true });
  const [code, setCode] = useState<string | undefined>(undefined);
  const share = useQuery({
    queryKey: ['result-share', token, code],
    queryFn: () => trpcClient.resultShares.open.mutate(code === undefined ? { token } : { token, code }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const failure = errorCode(share.error);
  if (failure === 'SHARE_GONE') {
    return <GonePanel reason={(share.error as { data?: { details?: { reason?: unknown } } }).data?.details?.reason} />;
  }
  if (failure === 'NOT_FOUND' || failure === 'VALIDATION_FAILED') {
    return (
      <LinkStatePanel icon={Unlink} palette="orange" title={t`This link is not valid`}>
        <Text textAlign="center" color="fg.muted">
          {t`Make sure you opened the whole link the patient sent you.`}
        </Text>
      </LinkStatePanel>
    );
  }
  if (failure === 'SHARE_CODE_REQUIRED' || failure === 'SHARE_CODE_WRONG') {
    return <CodePrompt wrong={codeProblem(share.error)} busy={share.isFetching} onCode={setCode} />;
  }
  if (share.isError) {
    return (
      <Container maxW="lg" py="16">
        <ErrorState title={t`Could not open the shared results`} error={share.error} onRetry={() => void share.refetch()} />
      </Container>
    );
  }
  if (share.isPending) {
    return (
      <Container maxW="4xl" py={{ base: '6', md: '10' }} aria-busy="true" aria-label={t`Loading...`}>
        <Stack gap="4">
          <Skeleton height="10" width="60%" />
          <Skeleton height="48" rounded="l3" />
        </Stack>
      </Container>
    );
  }

  const { data } = share;
  const until = new Date(data.expiresAt);
  const patientName = data.patientName;
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '3', md: '6' }} data-testid="shared-results">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t`Lab results shared with you`}
          </Heading>
          <Text fontSize="lg" data-testid="shared-patient">
            {t`Patient: ${patientName}`}
          </Text>
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator>
              <ShieldCheck aria-hidden />
            </Alert.Indicator>
            <Alert.Description>
              {t`Shared by the patient through Tahaleel, read-only, until ${formatDate(until, locale)} ${formatTime(until, locale)} (Riyadh time). The patient sees each time this link is opened. Please do not forward it.`}
            </Alert.Description>
          </Alert.Root>
        </Stack>
        {data.reports.map((report) => (
          <SharedReport key={report.bookingId} report={report} token={token} code={code} sharePatient={patientName} />
        ))}
      </Stack>
    </Container>
  );
}

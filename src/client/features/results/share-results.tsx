import { Alert, Badge, Box, Button, Card, Checkbox, CheckboxGroup, Field, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Link2, Share2, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SHARE_CODE_LENGTH, SHARE_DAYS_MAX, SHARE_DAYS_MIN } from '../../../shared/result-shares.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DialogShell } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { ShownSecret } from '../../components/shown-secret.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { formatDate, formatList, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Share = RouterOutputs['resultShares']['list'][number];
type Shareable = RouterOutputs['resultShares']['shareable'][number];
type Made = RouterOutputs['resultShares']['create'];
type Issued = RouterOutputs['resultShares']['newCode'];

const DEFAULT_DAYS = 7;

function when(iso: string, locale: 'ar' | 'en') {
  const date = new Date(iso);
  return `${formatDate(date, locale)} ${formatTime(date, locale)}`;
}

function StandingBadge({ standing }: { standing: Share['standing'] }) {
  const { t } = useLingui();
  const look = {
    active: { palette: 'green', label: t`Active` },
    expired: { palette: 'gray', label: t`Expired` },
    revoked: { palette: 'gray', label: t`Revoked` },
    locked: { palette: 'red', label: t`Locked: too many wrong codes` },
  }[standing];
  return (
    <Badge colorPalette={look.palette} variant="subtle" data-testid="share-standing" data-standing={standing}>
      {look.label}
    </Badge>
  );
}

function ShareRow({
  share,
  onRevoke,
  onNewCode,
  issuing,
}: {
  share: Share;
  onRevoke: () => void;
  onNewCode: () => void;
  issuing: boolean;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  // Each shared report by its test and date (issue #77 item 16): three lipid profiles are three dates, not one name thrice.
  const tests = formatList(
    share.reports.map((report) => {
      const test = localized(locale, report.test.ar, report.test.en);
      const on = formatDate(new Date(report.at), locale, report.timeZone);
      return t`${test} of ${on}`;
    }),
    locale,
  );
  const created = formatDate(new Date(share.createdAt), locale);
  const until = when(share.expiresAt, locale);
  const opened = share.openedCount;
  const lastOpened = share.lastOpenedAt && when(share.lastOpenedAt, locale);
  const active = share.standing === 'active';
  return (
    <HStack
      as="li"
      justify="space-between"
      align="start"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      rounded="l2"
      p="3"
      opacity={active ? 1 : 0.75}
      data-testid="result-share"
    >
      <Stack gap="1" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            <bdi>{tests}</bdi>
          </Text>
          <StandingBadge standing={share.standing} />
          {share.withCode && (
            <Badge variant="outline" gap="1">
              <KeyRound size={12} aria-hidden />
              {t`With a code`}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {share.standing === 'revoked' && share.revokedAt
            ? t`Shared ${created} · revoked ${when(share.revokedAt, locale)}`
            : active
              ? t`Shared ${created} · works until ${until}`
              : share.standing === 'locked'
                ? t`Shared ${created} · a new code opens it until ${until}`
                : t`Shared ${created} · ended ${until}`}
        </Text>
        <Text fontSize="sm" data-testid="share-opened">
          {lastOpened ? t`${plural(opened, { one: 'Opened once', other: 'Opened # times' })} · last ${lastOpened}` : t`Not opened yet`}
        </Text>
      </Stack>
      {(active || share.standing === 'locked') && (
        <Button variant="outline" colorPalette="red" size="sm" flexShrink={0} onClick={onRevoke} data-testid="share-revoke">
          <Trash2 aria-hidden />
          {t`Revoke`}
        </Button>
      )}
      {share.standing === 'locked' && (
        <Button variant="outline" size="sm" flexShrink={0} loading={issuing} onClick={onNewCode} data-testid="share-new-code">
          <KeyRound aria-hidden />
          {t`Issue a new code`}
        </Button>
      )}
    </HStack>
  );
}

function ShareableOption({ item }: { item: Shareable }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const files = item.files;
  const what = item.hasValues
    ? files > 0
      ? t`Values and ${plural(files, { one: 'a file', other: '# files' })}`
      : t`Values`
    : t`${plural(files, { one: 'A file', other: '# files' })}`;
  const patient = item.patientName;
  return (
    <Checkbox.Root value={item.bookingId} alignItems="start" data-testid="shareable-report">
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal">
        <Text as="span" fontWeight="semibold">
          <bdi>{localized(locale, item.test.ar, item.test.en)}</bdi>
        </Text>
        <Text as="span" display="block" fontSize="sm" color="fg.muted">
          <bdi>{localized(locale, item.lab.ar, item.lab.en)}</bdi> · {formatDate(new Date(item.at), locale, item.timeZone)} · {what}
          {patient && ` · ${t`For ${patient}`}`}
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** Copies a link or a code, saying whether it worked. */
function useCopy() {
  const { t } = useLingui();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success({ title: t`Copied.` });
    } catch {
      notify.error({ title: t`Could not copy. Select the text and copy it yourself.` });
    }
  };
}

/** A code shown this once, to be read out or copied: left to right in either language. */
function ShownCode({ code }: { code: string }) {
  return (
    <Text
      dir="ltr"
      alignSelf="start"
      fontFamily="mono"
      fontSize="2xl"
      letterSpacing="0.3em"
      userSelect="all"
      data-testid="share-code-shown"
    >
      {code}
    </Text>
  );
}

/** The new link and code, this once: only their fingerprints are kept. */
function MadeShare({ made, onDone }: { made: Made; onDone: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const copy = useCopy();
  const until = when(made.expiresAt, locale);
  return (
    <Stack gap="4" data-testid="share-made">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>
          {made.code
            ? t`Copy the link and the code now: they will not be shown again. Send the code separately from the link, for example by telling it to your doctor.`
            : t`Copy the link now: it will not be shown again. Anyone who has it can see these results until it ends, so send it to your doctor only.`}
        </Alert.Description>
      </Alert.Root>
      <Stack gap="2">
        <Text fontWeight="medium">{t`Link`}</Text>
        <ShownSecret testId="share-link">{made.link}</ShownSecret>
        <Button variant="outline" alignSelf="start" onClick={() => void copy(made.link)}>
          <Copy aria-hidden />
          {t`Copy the link`}
        </Button>
      </Stack>
      {made.code && (
        <Stack gap="2">
          <Text fontWeight="medium">{t`Code`}</Text>
          <ShownCode code={made.code} />
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t`The link works until ${until}. You can revoke it at any time below.`}
      </Text>
      <Button colorPalette="brand" alignSelf="end" onClick={onDone}>
        {t`Done`}
      </Button>
    </Stack>
  );
}

/**
 * A locked link's new code, this once (only its fingerprint is kept): the link itself is unchanged and
 * opens again with it.
 */
function NewCodeDialog({ issued, onClose }: { issued: Issued | null; onClose: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const copy = useCopy();
  const until = issued ? when(issued.expiresAt, locale) : '';
  return (
    <DialogShell
      open={issued !== null}
      onClose={onClose}
      closeOnInteractOutside={false}
      testId="share-new-code-dialog"
      title={t`A new code for your link`}
      bodyProps={{ pb: '6' }}
    >
      {issued && (
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              {t`Copy the code now: it will not be shown again. Give it to your doctor separately from the link, which stays the same.`}
            </Alert.Description>
          </Alert.Root>
          <Stack gap="2">
            <Text fontWeight="medium">{t`Code`}</Text>
            <ShownCode code={issued.code} />
            <Button variant="outline" alignSelf="start" onClick={() => void copy(issued.code)}>
              <Copy aria-hidden />
              {t`Copy the code`}
            </Button>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {t`The link opens again with this code until ${until}. The old code no longer works.`}
          </Text>
          <Button colorPalette="brand" alignSelf="end" onClick={onClose}>
            {t`Done`}
          </Button>
        </Stack>
      )}
    </DialogShell>
  );
}

function ShareForm({ shareable, onMade }: { shareable: Shareable[]; onMade: (made: Made) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const daysId = useId();
  const choiceHelpId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [withCode, setWithCode] = useState(true);
  const [tried, setTried] = useState(false);
  const create = useMutation(
    trpc.resultShares.create.mutationOptions({
      onSuccess: (made) => {
        void queryClient.invalidateQueries({ queryKey: trpc.resultShares.list.queryKey() });
        onMade(made);
      },
    }),
  );
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= SHARE_DAYS_MIN && dayCount <= SHARE_DAYS_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen.length === 0 || !daysValid) return;
    create.mutate({ bookingIds: chosen, days: dayCount, withCode });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0" aria-describedby={choiceHelpId}>
          <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
            {t`Results to share`}
          </Text>
          <Text id={choiceHelpId} fontSize="sm" color="fg.muted" mb="3">
            {t`Trends show only the results you share: include earlier results of the same test to show how a value changed.`}
          </Text>
          <CheckboxGroup value={chosen} onValueChange={setChosen}>
            <Stack gap="3" maxH="72" overflowY="auto" pe="1">
              {shareable.map((item) => (
                <ShareableOption key={item.bookingId} item={item} />
              ))}
            </Stack>
          </CheckboxGroup>
          {tried && chosen.length === 0 && (
            <Text color="fg.error" fontSize="sm" mt="2" role="alert">
              {t`Choose at least one result.`}
            </Text>
          )}
        </Box>
        <Field.Root invalid={tried && !daysValid}>
          <Field.Label htmlFor={daysId}>{t`For how many days`}</Field.Label>
          <NumericInput
            id={daysId}
            type="number"
            inputMode="numeric"
            min={SHARE_DAYS_MIN}
            max={SHARE_DAYS_MAX}
            dir="ltr"
            maxW="32"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            data-testid="share-days"
          />
          <Field.ErrorText>{t`Choose from ${SHARE_DAYS_MIN} to ${SHARE_DAYS_MAX} days.`}</Field.ErrorText>
        </Field.Root>
        <Checkbox.Root checked={withCode} onCheckedChange={(event) => setWithCode(event.checked === true)} alignItems="start">
          <Checkbox.HiddenInput data-testid="share-with-code" />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            {t`Protect it with a ${SHARE_CODE_LENGTH}-digit code`}
            <Text as="span" display="block" fontSize="sm" color="fg.muted">
              {t`Recommended. Your doctor needs the link and the code; after five wrong codes the link locks.`}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
        {create.isError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(i18n, create.error)}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="end" loading={create.isPending} data-testid="share-create">
          <Link2 aria-hidden />
          {t`Create the link`}
        </Button>
      </Stack>
    </form>
  );
}

function ShareDialog({ open, shareable, onClose }: { open: boolean; shareable: Shareable[]; onClose: () => void }) {
  const { t } = useLingui();
  const [made, setMade] = useState<Made | null>(null);
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <DialogShell
      open={open}
      onClose={close}
      closeOnInteractOutside={made === null}
      scrollBehavior="inside"
      testId="share-dialog"
      title={made ? t`Your link for your doctor` : t`Share with a doctor`}
      bodyProps={{ pb: '6' }}
    >
      {made ? <MadeShare made={made} onDone={close} /> : <ShareForm shareable={shareable} onMade={setMade} />}
    </DialogShell>
  );
}

/**
 * "Share with a doctor" (ADR 0061): a link to chosen results for 1 to 30 days, optionally with a code,
 * shown once; the customer's links with their standing and openings, each revocable at once, and a new
 * code for one that five wrong codes locked.
 */
export function ShareResults() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const shareable = useQuery(trpc.resultShares.shareable.queryOptions());
  const shares = useQuery(trpc.resultShares.list.queryOptions());
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState<Share | null>(null);
  const revoke = useMutation(
    trpc.resultShares.revoke.mutationOptions({
      onSuccess: (list) => {
        queryClient.setQueryData(trpc.resultShares.list.queryKey(), list);
        setRevoking(null);
        notify.success({ title: t`Link revoked. It opens nothing from now on.` });
      },
      onError: (error) => notify.error({ title: t`Could not revoke the link`, description: errorMessage(i18n, error) }),
    }),
  );
  const [issued, setIssued] = useState<Issued | null>(null);
  const newCode = useMutation(
    trpc.resultShares.newCode.mutationOptions({
      onSuccess: (answer) => {
        void queryClient.invalidateQueries({ queryKey: trpc.resultShares.list.queryKey() });
        setIssued(answer);
      },
      onError: (error) => {
        // The link ended meanwhile: the doctor's words for it ("ask the patient") are not the patient's.
        const ended = errorCode(error) === 'SHARE_GONE';
        if (ended) void queryClient.invalidateQueries({ queryKey: trpc.resultShares.list.queryKey() });
        notify.error({
          title: t`Could not issue a new code`,
          description: ended ? t`This link has ended: share your results again with a new link.` : errorMessage(i18n, error),
        });
      },
    }),
  );
  const nothingToShare = shareable.isSuccess && shareable.data.length === 0;
  return (
    <Card.Root variant="outline" data-testid="share-results">
      <Card.Header>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'start' }} gap="3">
          <Stack gap="1">
            <Heading as="h3" size="md">
              {t`Share with a doctor`}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t`Give your doctor a link to the results you choose, for 1 to 30 days. They need no account. You see each time the link is opened, and you can revoke it at any time.`}
            </Text>
          </Stack>
          <Button
            colorPalette="brand"
            flexShrink={0}
            disabled={!shareable.isSuccess || nothingToShare}
            onClick={() => setOpen(true)}
            data-testid="share-open"
          >
            <Share2 aria-hidden />
            {t`Share with a doctor`}
          </Button>
        </Stack>
      </Card.Header>
      <Card.Body pt="2">
        {shares.isError ? (
          <ErrorState title={t`Could not load your shared links`} error={shares.error} onRetry={() => void shares.refetch()} />
        ) : shares.isPending ? (
          <Skeleton height="16" rounded="l2" />
        ) : shares.data.length === 0 ? (
          <EmptyState>
            {nothingToShare ? t`Once your lab releases a result, you can share it here.` : t`You have not shared any results yet.`}
          </EmptyState>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t`Your shared links`}>
            {shares.data.map((share) => (
              <ShareRow
                key={share.id}
                share={share}
                onRevoke={() => setRevoking(share)}
                onNewCode={() => newCode.mutate({ id: share.id })}
                issuing={newCode.isPending && newCode.variables.id === share.id}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
      <ShareDialog open={open} shareable={shareable.data ?? []} onClose={() => setOpen(false)} />
      <NewCodeDialog issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke this link?`}
        description={t`The link stops working at once: your doctor can no longer see these results through it. This cannot be undone; you can share them again with a new link.`}
        keepLabel={t`Keep the link`}
        actionLabel={t`Revoke`}
        busy={revoke.isPending}
        onKeep={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        testId="share-revoke-dialog"
      />
    </Card.Root>
  );
}

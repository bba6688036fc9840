import { Alert, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { NafathRequestStatus } from '../../../shared/identity.ts';
import { DialogShell } from '../../components/form-dialog.tsx';
import { isolatedLtr } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** How often the page asks where the request stands while the person answers in the Nafath app. */
const POLL_MS = 2000;

interface NafathDialogProps {
  open: boolean;
  onClose: () => void;
  /** The number on file, which the person confirms before Nafath is asked. */
  nationalId: string;
  /** A family member's id; none for the account holder. */
  familyMemberId?: string;
  /** Whose number it is, for the sentences ("your" or the member's name). */
  memberName?: string;
}

/**
 * "Verify with Nafath" (ADR 0096): the person confirms the number, Nafath is asked, the number to pick in
 * the Nafath app is shown large, the page waits, then shows the name Nafath gave for the person to confirm.
 * Each ending (rejected, expired, not answered, the name not theirs, Nafath unreachable) says so and offers
 * to try again.
 */
export function NafathDialog({ open, onClose, nationalId, familyMemberId, memberName }: NafathDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState<string | null>(null);
  const start = useMutation(trpc.identity.startNafath.mutationOptions({ onSuccess: (started) => setRequestId(started.request_id) }));
  const status = useQuery({
    ...trpc.identity.nafathStatus.queryOptions({ requestId: requestId ?? '' }),
    enabled: open && requestId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? POLL_MS : false),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.identity.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.family.list.queryKey() });
  };
  const confirm = useMutation(
    trpc.identity.confirmNafath.mutationOptions({
      onSuccess: (answered) => {
        queryClient.setQueryData(trpc.identity.nafathStatus.queryKey({ requestId: answered.request_id }), answered);
        refresh();
      },
    }),
  );
  const close = () => {
    setRequestId(null);
    start.reset();
    confirm.reset();
    onClose();
  };
  const again = () => {
    setRequestId(null);
    start.reset();
    confirm.reset();
  };

  const request = requestId ? (status.data ?? start.data) : undefined;
  const phase: NafathRequestStatus | 'confirm' = request?.status ?? 'confirm';
  const whose = memberName ? t`${memberName}’s ID number` : t`your ID number`;

  const endings: Partial<Record<NafathRequestStatus, { tone: 'error' | 'warning'; title: string; text: string }>> = {
    rejected: {
      tone: 'error',
      title: t`The request was rejected in Nafath`,
      text: t`The number was not verified. If this was a mistake, try again and accept the request in the Nafath app.`,
    },
    expired: {
      tone: 'warning',
      title: t`The request expired`,
      text: t`Nafath was not answered in time. Try again, and open the Nafath app as soon as the number appears.`,
    },
    unanswered: {
      tone: 'warning',
      title: t`Nafath did not send its answer`,
      text: t`Nafath cannot be reached right now. Please try again in a few minutes.`,
    },
    replaced: {
      tone: 'warning',
      title: t`A newer request replaced this one`,
      text: t`Only the latest request counts. Try again to get a new number.`,
    },
    mismatch: {
      tone: 'error',
      title: t`The number was not verified`,
      text: t`You said the name Nafath returned is not the right one. Check the ID number, correct it if needed, and try again.`,
    },
  };
  const ending = endings[phase as NafathRequestStatus];

  return (
    <DialogShell
      open={open}
      onClose={close}
      title={t`Verify with Nafath`}
      testId="nafath-dialog"
      footer={
        phase === 'confirm' ? (
          <>
            <Button variant="outline" onClick={close}>
              {t`Cancel`}
            </Button>
            <Button
              colorPalette="brand"
              loading={start.isPending}
              onClick={() => start.mutate({ nationalId, ...(familyMemberId && { familyMemberId }) })}
              data-testid="nafath-send"
            >
              {t`Send the request to Nafath`}
            </Button>
          </>
        ) : phase === 'completed' ? (
          <>
            <Button
              variant="outline"
              colorPalette="red"
              loading={confirm.isPending && confirm.variables?.matches === false}
              disabled={confirm.isPending}
              onClick={() => requestId && confirm.mutate({ requestId, matches: false })}
            >
              {t`No, this is not the name`}
            </Button>
            <Button
              colorPalette="brand"
              loading={confirm.isPending && confirm.variables?.matches === true}
              disabled={confirm.isPending}
              onClick={() => requestId && confirm.mutate({ requestId, matches: true })}
              data-testid="nafath-confirm-name"
            >
              {t`Yes, this is the name`}
            </Button>
          </>
        ) : phase === 'waiting' ? (
          <Button variant="outline" onClick={close}>
            {t`Cancel`}
          </Button>
        ) : phase === 'confirmed' ? (
          <Button colorPalette="brand" onClick={close}>
            {t`Done`}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              {t`Close`}
            </Button>
            <Button colorPalette="brand" onClick={again}>
              {t`Try again`}
            </Button>
          </>
        )
      }
    >
      <Stack gap="4" aria-live="polite">
        {phase === 'confirm' && (
          <>
            <Text>{t`Tahaleel will ask Nafath to confirm ${whose}:`}</Text>
            <Text
              as="bdi"
              dir="ltr"
              fontSize="2xl"
              fontWeight="semibold"
              letterSpacing="wider"
              textAlign="center"
              data-testid="nafath-number"
            >
              {nationalId}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t`Nafath will send a request to the Nafath app of this number’s holder. Keep the app at hand: you will choose the number we show you there.`}
            </Text>
            {start.error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(i18n, start.error)}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
        {phase === 'waiting' && request && (
          <>
            <Text>{t`Open the Nafath app and choose this number:`}</Text>
            <Box borderWidth="2px" borderColor="brand.solid" rounded="xl" py="4" textAlign="center" data-testid="nafath-random">
              <Text as="bdi" dir="ltr" fontSize="6xl" fontWeight="bold" lineHeight="1">
                {request.random}
              </Text>
            </Box>
            <Text fontSize="sm" color="fg.muted">
              {t`The same number appears in the app. Choose ${isolatedLtr(request.random)} only if you asked for this verification.`}
            </Text>
            <HStack gap="2" color="fg.muted">
              <Spinner size="sm" />
              <Text fontSize="sm">
                {request.approved ? t`Approved in Nafath. Waiting for its answer…` : t`Waiting for your answer in the Nafath app…`}
              </Text>
            </HStack>
          </>
        )}
        {phase === 'completed' && request?.name && (
          <>
            <Text>{t`Nafath returned this name for the number. Is it the right person?`}</Text>
            <Box borderWidth="1px" rounded="md" p="4" data-testid="nafath-name">
              {request.name.ar && (
                <Text fontSize="lg" fontWeight="semibold" dir="rtl" lang="ar">
                  {request.name.ar}
                </Text>
              )}
              {request.name.en && (
                <Text fontSize="lg" dir="ltr" lang="en">
                  {request.name.en}
                </Text>
              )}
            </Box>
            {confirm.error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(i18n, confirm.error)}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
        {phase === 'confirmed' && (
          <Alert.Root status="success" data-testid="nafath-verified">
            <ShieldCheck aria-hidden />
            <Alert.Title>{t`Verified by Nafath. The ID number is confirmed.`}</Alert.Title>
          </Alert.Root>
        )}
        {ending && (
          <Alert.Root status={ending.tone} data-testid="nafath-ending">
            <Alert.Indicator />
            <Stack gap="1">
              <Alert.Title>{ending.title}</Alert.Title>
              <Alert.Description>{ending.text}</Alert.Description>
            </Stack>
          </Alert.Root>
        )}
        {status.isError && <Text color="fg.error">{errorMessage(i18n, status.error)}</Text>}
      </Stack>
    </DialogShell>
  );
}

import { Card, Field, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { formatDate, formatList } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { PackageFacts } from './package-summary.tsx';
import { ReviewButtons } from './review-buttons.tsx';

type PendingPackage = RouterOutputs['packages']['pending'][number];

/** A rejection says why, for the lab: at least this many characters (the server's rule too). */
const NOTE_MIN = 5;
const NOTE_MAX = 500;

function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.packages.pending.queryKey() });
}

/** Turning a package down, with the note the lab reads beside it. */
function RejectPackageDialog({ item, onClose }: { item: PendingPackage | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const refresh = useRefreshQueue();
  const [note, setNote] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const reject = useMutation(
    trpc.packages.review.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The package has been rejected.` });
        refresh();
        onClose();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const short = note.trim().length < NOTE_MIN;
    setTooShort(short);
    if (item && !short) reject.mutate({ id: item.id, decision: 'reject', note });
  };
  const problem = tooShort
    ? fieldMessage(i18n, 'too_short', { min: NOTE_MIN })
    : reject.error
      ? fieldError(i18n, reject.error, 'note', { min: NOTE_MIN, max: NOTE_MAX })
      : undefined;
  const refusal = reject.error && !problem ? errorMessage(i18n, reject.error) : undefined;
  return (
    <FormDialog
      open={item !== null}
      onClose={onClose}
      title={item ? t`Reject ${isolated(localized(locale, item.name_ar, item.name_en))}` : ''}
      onSubmit={submit}
      testId="reject-package-dialog"
      submit={{ label: t`Reject the package`, palette: 'red', pending: reject.isPending, testId: 'reject-package' }}
    >
      <Stack gap="3">
        <Field.Root invalid={Boolean(problem)} required>
          <Field.Label>
            {t`Reason, shown to the lab`}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={4} maxLength={NOTE_MAX} autoresize />
          <Field.HelperText>{t`The lab sees this note beside the package, and can change the package and send it again.`}</Field.HelperText>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        {refusal && (
          <Text color="fg.error" role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

function PendingPackageCard({ item, onReject }: { item: PendingPackage; onReject: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const refresh = useRefreshQueue();
  const name = localized(locale, item.name_ar, item.name_en);
  const approve = useMutation(
    trpc.packages.review.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The package has been approved and is on sale.` });
        refresh();
      },
      onError: (error) => {
        notify.error({ title: t`Error`, description: errorMessage(i18n, error) });
        refresh();
      },
    }),
  );
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="admin-package" data-name-en={item.name_en}>
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="0.5" minWidth="0">
            <Text fontWeight="semibold">{name}</Text>
            <Text fontSize="sm" color="fg.muted">
              <bdi>{locale === 'ar' ? item.name_en : item.name_ar}</bdi>
            </Text>
            <Text fontSize="sm">
              {t`Sent by ${isolated(localized(locale, item.lab_name_ar, item.lab_name_en))} on ${formatDate(new Date(item.submitted_at), locale)}`}
            </Text>
          </Stack>
          <ReviewButtons
            name={name}
            pending={approve.isPending ? 'approve' : null}
            onApprove={() => approve.mutate({ id: item.id, decision: 'approve', note: '' })}
            onReject={onReject}
          />
        </Stack>
        <PackageFacts item={item} />
        <Stack as="ul" listStyleType="none" gap="1" fontSize="sm" aria-label={t`Markers by group`}>
          {item.marker_groups.map((group) => {
            const markers = group.markers.length;
            return (
              <Text as="li" key={group.category_id}>
                <Text as="span" fontWeight="medium">
                  {localized(locale, group.name_ar, group.name_en)} ({t`${plural(markers, { one: '# marker', other: '# markers' })}`}):
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  {formatList(
                    group.markers.map((marker) => localized(locale, marker.name_ar, marker.name_en)),
                    locale,
                  )}
                </Text>
              </Text>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Labs' packages waiting for review, oldest first (issue #79 item 1, ADR 0091): what each holds, its
 * markers by group, its price and whom it suits. Approving puts it on sale; rejecting tells the lab why.
 */
export function AdminPackages() {
  const { t } = useLingui();
  const queue = useQuery(trpc.packages.pending.queryOptions());
  const [rejecting, setRejecting] = useState<PendingPackage | null>(null);
  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Packages to review`}
        description={t`Labs' packages of catalogue tests at one price. An approved package goes on sale at once; a rejected one goes back to the lab with your note.`}
      />
      {queue.isError ? (
        <ErrorState title={t`Error fetching packages`} error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.isPending ? (
        <Skeleton height="40" rounded="lg" />
      ) : queue.data.length === 0 ? (
        <EmptyState>{t`No packages are waiting for review.`}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {queue.data.map((item) => (
            <PendingPackageCard key={item.id} item={item} onReject={() => setRejecting(item)} />
          ))}
        </Stack>
      )}
      <RejectPackageDialog key={rejecting?.id ?? 'none'} item={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

import { Badge, Button, Field, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/review-limits.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { ReviewCard } from '../../components/review-card.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Every review, newest first; the admin hides one with a reason (it leaves the lab's page and rating;
 * the audit log keeps why), or shows a hidden one again, with a reason too.
 */
export function AdminReviews() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const reviews = useInfiniteQuery(
    trpc.reviews.forAdmin.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  // The review acted on stays set while its dialog fades out, so the dialog's words do not change then.
  const [acting, setActing] = useState<{ id: string; action: 'hide' | 'show' } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [reason, setReason] = useState('');
  const done = (title: string) => {
    setDialogOpen(false);
    notify.success({ title });
    void queryClient.invalidateQueries({ queryKey: trpc.reviews.forAdmin.pathKey() });
  };
  const hide = useMutation(
    trpc.reviews.hide.mutationOptions({
      onSuccess: () => done(t`The review is hidden.`),
      onError: (error) => notify.error({ title: t`Could not hide the review`, description: errorMessage(i18n, error) }),
    }),
  );
  const show = useMutation(
    trpc.reviews.show.mutationOptions({
      onSuccess: () => done(t`The review is shown again.`),
      onError: (error) => notify.error({ title: t`Could not show the review again`, description: errorMessage(i18n, error) }),
    }),
  );
  const open = (id: string, action: 'hide' | 'show') => {
    setReason('');
    setActing({ id, action });
    setDialogOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!acting || !reason.trim()) return;
    (acting.action === 'hide' ? hide : show).mutate({ id: acting.id, reason });
  };
  const hiding = acting?.action !== 'show';

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Reviews`}
        description={t`Hide a review that breaks the terms (abuse, personal details, not about the lab). It leaves the lab's page and rating; the reason goes to the audit log and the lab sees it.`}
      />
      {reviews.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : reviews.isError ? (
        <ErrorState title={t`Error fetching reviews`} error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t`No reviews yet.`}</EmptyState>
      ) : (
        <>
          <Stack as="ul" listStyleType="none" gap="3">
            {items.map((review) => {
              const labName = localized(locale, review.lab_name_ar, review.lab_name_en);
              return (
                <ReviewCard key={review.id} review={review} labName={labName}>
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Text fontSize="sm" color="fg.muted">
                      <bdi>{labName}</bdi>
                    </Text>
                    {review.hidden_at ? (
                      <HStack gap="2" wrap="wrap">
                        <Badge colorPalette="red">{t`Hidden on ${formatDate(new Date(review.hidden_at), locale)}`}</Badge>
                        <Text fontSize="sm" color="fg.muted">
                          <bdi>{review.hidden_reason}</bdi>
                        </Text>
                        <Button size="sm" variant="outline" onClick={() => open(review.id, 'show')}>
                          {t`Show again`}
                        </Button>
                      </HStack>
                    ) : (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => open(review.id, 'hide')}>
                        {t`Hide review`}
                      </Button>
                    )}
                  </HStack>
                </ReviewCard>
              );
            })}
          </Stack>
          {reviews.hasNextPage && (
            <Button variant="outline" alignSelf="center" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {t`Show more reviews`}
            </Button>
          )}
        </>
      )}
      <FormDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        size="sm"
        testId={hiding ? 'hide-review-dialog' : 'show-review-dialog'}
        title={hiding ? t`Hide this review?` : t`Show this review again?`}
        onSubmit={submit}
        noValidate={false}
        submit={{
          label: hiding ? t`Hide review` : t`Show again`,
          pending: hide.isPending || show.isPending,
          disabled: reason.trim() === '',
          palette: hiding ? 'red' : 'gray',
        }}
      >
        <Field.Root required>
          <Field.Label>{t`Reason`}</Field.Label>
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={REVIEW_TEXT_MAX} rows={3} width="full" />
          <Field.HelperText>
            {hiding
              ? t`The lab sees this reason; it is kept in the audit log.`
              : t`It returns to the lab's page and rating; the reason is kept in the audit log.`}
          </Field.HelperText>
        </Field.Root>
      </FormDialog>
    </Stack>
  );
}

import { Badge, Button, Field, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/review-limits.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { ReviewCard } from '../../components/review-card.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** The lab's reviews, hidden ones too (marked, with the reason), each with its one public reply to write or change. */
export function LabReviewsPanel({ labName }: { labName: string }) {
  const { t } = useLingui();
  const reviews = useInfiniteQuery(
    trpc.reviews.forMyLab.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="6">
      <SectionTitle
        title={t`Reviews`}
        description={t`What your customers wrote after their completed bookings. Your reply is shown under the review on your lab's page.`}
      />
      {reviews.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : reviews.isError ? (
        <ErrorState title={t`Error fetching reviews`} error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t`No reviews yet. Customers can review your lab once their booking is completed.`}</EmptyState>
      ) : (
        <>
          <Stack as="ul" listStyleType="none" gap="3">
            {items.map((review) => (
              <ReviewCard key={review.id} review={review} labName={labName}>
                {review.hidden && (
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="red">{t`Hidden by Tahaleel`}</Badge>
                    {review.hidden_reason && (
                      <Text fontSize="sm" color="fg.muted">
                        <bdi>{review.hidden_reason}</bdi>
                      </Text>
                    )}
                  </HStack>
                )}
                <ReplyForm reviewId={review.id} current={review.reply?.text ?? null} />
              </ReviewCard>
            ))}
          </Stack>
          {reviews.hasNextPage && (
            <Button variant="outline" alignSelf="center" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {t`Show more reviews`}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function ReplyForm({ reviewId, current }: { reviewId: string; current: string | null }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(current ?? '');
  const reply = useMutation(
    trpc.reviews.reply.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        notify.success({ title: t`Your reply is published.` });
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.forMyLab.pathKey() });
      },
      onError: (error) => notify.error({ title: t`Could not save your reply`, description: errorMessage(i18n, error) }),
    }),
  );
  if (!open) {
    return (
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
        {current ? t`Edit reply` : t`Reply`}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ id: reviewId, text });
  };
  return (
    <Stack as="form" gap="2" onSubmit={submit}>
      <Field.Root required>
        <Field.Label>{t`Your public reply`}</Field.Label>
        <Textarea value={text} onChange={(event) => setText(event.target.value)} maxLength={REVIEW_TEXT_MAX} rows={3} width="full" />
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" type="submit" colorPalette="brand" loading={reply.isPending} disabled={text.trim() === ''}>
          {t`Publish reply`}
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={() => setOpen(false)}>
          {t`Cancel`}
        </Button>
      </HStack>
    </Stack>
  );
}

import { Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { Rating } from '../../components/rating.tsx';
import { ReviewCard } from '../../components/review-card.tsx';
import { trpc } from '../../lib/trpc.ts';
import { labReviewsQuery } from './lab-reviews-query.ts';

/** The lab page's reviews: its rating and count, then visible reviews newest first, ten at a time. */
export function LabReviews({
  labId,
  labName,
  rating,
  reviewCount,
}: {
  labId: string;
  labName: string;
  rating: number;
  reviewCount: number;
}) {
  const { t } = useLingui();
  const reviews = useInfiniteQuery(labReviewsQuery(trpc, labId));
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="4" as="section" aria-labelledby="lab-reviews-heading" data-testid="lab-reviews">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id="lab-reviews-heading">
          {t`Reviews`}
        </Heading>
        <Rating rating={rating} reviews={reviewCount} />
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t`Only customers who completed a booking at this lab can review it.`}
      </Text>
      {reviews.isPending ? (
        <Stack gap="3" role="status" aria-label={t`Loading...`}>
          <Skeleton height="24" rounded="lg" />
          <Skeleton height="24" rounded="lg" />
        </Stack>
      ) : reviews.isError ? (
        <ErrorState title={t`Error fetching reviews`} error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t`No reviews yet.`}</EmptyState>
      ) : (
        <>
          {/* Below the hours and the map: laid out as it comes near (~165 px a review with its reply). */}
          <Stack as="ul" listStyleType="none" gap="3" {...drawnWhenNear(`lab-reviews:${labId}`, `${items.length * 165}px`)}>
            {items.map((review) => (
              <ReviewCard key={review.id} review={review} labName={labName} />
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

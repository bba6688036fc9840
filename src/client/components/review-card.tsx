import { Box, Card, HStack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isolated } from '../lib/bidi.ts';
import { formatDate } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';
import type { RouterOutputs } from '../lib/trpc.ts';
import { Stars } from './stars.tsx';

export type PublicReview = RouterOutputs['reviews']['forLab']['items'][number];

/** One review as the public sees it: stars, first name, date, the text as plain text, the lab's reply under it. */
export function ReviewCard({ review, labName, children }: { review: PublicReview; labName: string; children?: ReactNode }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Card.Root as="li" variant="outline" data-testid="lab-review" data-review-id={review.id}>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="3" wrap="wrap">
            <Stars value={review.rating} />
            <Text fontWeight="semibold">
              <bdi>{review.author_name || t`A customer`}</bdi>
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {formatDate(new Date(review.created_at), locale)}
            {review.edited && ` · ${t`edited`}`}
          </Text>
        </HStack>
        {review.text && (
          <Text whiteSpace="pre-line" overflowWrap="anywhere" dir="auto" textAlign="start">
            {review.text}
          </Text>
        )}
        {review.reply && (
          <Box borderInlineStartWidth="3px" borderColor="brand.solid" ps="3" py="1" bg="bg.subtle" roundedEnd="md" data-testid="lab-reply">
            <Text fontSize="sm" fontWeight="semibold">
              {t`Reply from ${ph({ labName: isolated(labName) })}`}
            </Text>
            <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere" dir="auto" textAlign="start">
              {review.reply.text}
            </Text>
          </Box>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}

import { Badge, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/** The lab's own requests and where each stands. */
export function TestRequestsList() {
  const { t } = useLingui();
  const locale = activeLocale();
  const requests = useQuery(trpc.lab.testRequests.queryOptions());
  const status = {
    pending: { label: t`Pending review`, palette: 'orange' },
    approved: { label: t`Approved`, palette: 'green' },
    rejected: { label: t`Rejected`, palette: 'red' },
  } as const;

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Your test requests`}
        </Heading>
      </Card.Header>
      <Card.Body>
        {requests.isError ? (
          <ErrorState title={t`Error fetching test requests`} error={requests.error} onRetry={() => void requests.refetch()} />
        ) : requests.isPending ? (
          <Skeleton height="16" rounded="md" />
        ) : requests.data.length === 0 ? (
          <EmptyState>{t`You have not requested any tests yet.`}</EmptyState>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" divideY="1px">
            {requests.data.map((request) => (
              <HStack as="li" key={request.id} justify="space-between" gap="3" py="3" wrap="wrap" data-testid="test-request">
                <Stack gap="0.5" minWidth="0">
                  <Text fontWeight="semibold">{locale === 'ar' ? isolateLatinRuns(request.test_name_ar) : request.test_name_en}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    <bdi>{locale === 'ar' ? request.test_name_en : request.test_name_ar}</bdi> ·{' '}
                    {t`Requested on ${formatDate(new Date(request.created_at), locale)}`}
                  </Text>
                </Stack>
                <Badge colorPalette={status[request.status].palette} variant="subtle">
                  {status[request.status].label}
                </Badge>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

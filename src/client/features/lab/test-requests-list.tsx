import { Badge, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TEST_REQUEST_SORTS, TEST_REQUEST_STATUSES } from '../../../shared/list-schemas.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';

/** The lab's own requests and where each stands, a page at a time, searched on the server (lab.testRequests). */
export function TestRequestsList({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const sort = searchChoice(search.sort, TEST_REQUEST_SORTS) ?? 'newest';
  const status = searchChoice(search.filter, TEST_REQUEST_STATUSES) ?? 'all';
  const requests = useQuery({
    ...trpc.lab.testRequests.queryOptions({ q: search.q, sort, status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const statusBadge = {
    pending: { label: t`Pending review`, palette: 'orange' },
    approved: { label: t`Approved`, palette: 'green' },
    rejected: { label: t`Rejected`, palette: 'red' },
  } as const;
  const filtered = Boolean(search.q) || status !== 'all';
  const visible = requests.data?.items ?? [];

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Your test requests`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ListToolbar
            control={list}
            placeholder={t`Search by test name`}
            label={t`Search test requests`}
            sorts={[
              { value: 'newest', label: t`Newest first` },
              { value: 'oldest', label: t`Oldest first` },
            ]}
            filterLabel={t`Show requests`}
            filters={[
              { value: 'all', label: t`All requests` },
              { value: 'pending', label: t`Pending review` },
              { value: 'approved', label: t`Approved` },
              { value: 'rejected', label: t`Rejected` },
            ]}
          />
          {requests.isError ? (
            <ErrorState title={t`Error fetching test requests`} error={requests.error} onRetry={() => void requests.refetch()} />
          ) : requests.isPending ? (
            <Skeleton height="16" rounded="md" />
          ) : visible.length === 0 ? (
            <EmptyState>{filtered ? t`No test requests match.` : t`You have not requested any tests yet.`}</EmptyState>
          ) : (
            <Stack
              as="ul"
              listStyleType="none"
              gap="0"
              divideY="1px"
              opacity={requests.isPlaceholderData ? 0.6 : 1}
              aria-busy={requests.isFetching}
            >
              {visible.map((request) => (
                <HStack as="li" key={request.id} justify="space-between" gap="3" py="3" wrap="wrap" data-testid="test-request">
                  <Stack gap="0.5" minWidth="0">
                    <Text fontWeight="semibold">{locale === 'ar' ? isolateLatinRuns(request.test_name_ar) : request.test_name_en}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      <bdi>{locale === 'ar' ? request.test_name_en : request.test_name_ar}</bdi> ·{' '}
                      {t`Requested on ${formatDate(new Date(request.created_at), locale)}`}
                    </Text>
                  </Stack>
                  <Badge colorPalette={statusBadge[request.status].palette} variant="subtle">
                    {statusBadge[request.status].label}
                  </Badge>
                </HStack>
              ))}
            </Stack>
          )}
          <PageButtons control={list} nextCursor={requests.data?.nextCursor} fetching={requests.isFetching} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import { Badge, Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEST_REQUEST_SORTS, TEST_REQUEST_STATUSES } from '../../../shared/list-schemas.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, isolateLatinRuns, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { ReviewButtons } from './review-buttons.tsx';

/**
 * Requests for new tests with the lab that sent them, a page at a time, searched on the server
 * (admin.testRequests): the queue of pending ones, oldest first, unless asked otherwise. Approving
 * adds the test to the catalogue (category 1).
 */
export function AdminTestRequests({ list }: { list: ListControl }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const { search } = list;
  const sort = searchChoice(search.sort, TEST_REQUEST_SORTS) ?? 'oldest';
  const status = searchChoice(search.filter, TEST_REQUEST_STATUSES) ?? 'pending';
  const requests = useQuery({
    ...trpc.admin.testRequests.queryOptions({ q: search.q, sort, status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const statusBadge = {
    pending: { label: t`Pending review`, palette: 'orange' },
    approved: { label: t`Approved`, palette: 'green' },
    rejected: { label: t`Rejected`, palette: 'red' },
  } as const;
  const visible = requests.data?.items ?? [];
  const review = useMutation(
    trpc.admin.reviewTestRequest.mutationOptions({
      onSuccess: (result) => {
        notify.success({ title: result.status === 'approved' ? t`Test request has been approved.` : t`Test request has been rejected.` });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.testRequests.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() });
      },
      onError: (error) => {
        notify.error({ title: t`Error`, description: errorMessage(i18n, error) });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.testRequests.queryKey() });
      },
    }),
  );

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Test requests`}
        description={t`An approved test is added to the General Health category with a placeholder description, ready to be completed.`}
      />
      <ListToolbar
        control={list}
        placeholder={t`Search by test or lab name`}
        label={t`Search test requests`}
        sorts={[
          { value: 'oldest', label: t`Oldest first` },
          { value: 'newest', label: t`Newest first` },
        ]}
        filterLabel={t`Show requests`}
        filters={[
          { value: 'pending', label: t`Pending review` },
          { value: 'approved', label: t`Approved` },
          { value: 'rejected', label: t`Rejected` },
          { value: 'all', label: t`All requests` },
        ]}
      />
      {requests.isError ? (
        <ErrorState title={t`Error fetching test requests`} error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>
          {status === 'pending' && !search.q ? t`No test requests are waiting for review.` : t`No test requests match.`}
        </EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" opacity={requests.isPlaceholderData ? 0.6 : 1} aria-busy={requests.isFetching}>
          {visible.map((request) => {
            const busy = review.isPending && review.variables?.id === request.id;
            const name = locale === 'ar' ? isolateLatinRuns(request.test_name_ar) : request.test_name_en;
            return (
              <Card.Root
                as="li"
                key={request.id}
                variant="outline"
                size="sm"
                data-testid="admin-test-request"
                data-name-en={request.test_name_en}
              >
                <Card.Body>
                  <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
                    <Stack gap="1" minWidth="0">
                      <Text fontWeight="semibold">{name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        <bdi>{locale === 'ar' ? request.test_name_en : request.test_name_ar}</bdi>
                      </Text>
                      <Text fontSize="sm">
                        {t`Requested by ${isolated(localized(locale, request.lab_name_ar, request.lab_name_en))} on ${formatDate(new Date(request.created_at), locale)}`}
                      </Text>
                    </Stack>
                    {request.status === 'pending' ? (
                      <ReviewButtons
                        name={name}
                        pending={busy ? (review.variables?.decision === 'approved' ? 'approve' : 'reject') : null}
                        onApprove={() => review.mutate({ id: request.id, decision: 'approved' })}
                        onReject={() => review.mutate({ id: request.id, decision: 'rejected' })}
                      />
                    ) : (
                      <Badge colorPalette={statusBadge[request.status].palette} variant="subtle" alignSelf="start">
                        {statusBadge[request.status].label}
                      </Badge>
                    )}
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <PageButtons control={list} nextCursor={requests.data?.nextCursor} fetching={requests.isFetching} />
    </Stack>
  );
}

import { Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolateLatinRuns, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { ReviewButtons } from './review-buttons.tsx';

/** Pending requests with the lab that sent them; approving adds the test to the catalogue (category 1). */
export function AdminTestRequests() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.admin.testRequests.queryOptions());
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
      {requests.isError ? (
        <ErrorState title={t`Error fetching test requests`} error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : requests.data.length === 0 ? (
        <EmptyState>{t`No test requests are waiting for review.`}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {requests.data.map((request) => {
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
                        {t`Requested by ${localized(locale, request.lab_name_ar, request.lab_name_en)} on ${formatDate(new Date(request.created_at), locale)}`}
                      </Text>
                    </Stack>
                    <ReviewButtons
                      name={name}
                      pending={busy ? (review.variables?.decision === 'approved' ? 'approve' : 'reject') : null}
                      onApprove={() => review.mutate({ id: request.id, decision: 'approved' })}
                      onReject={() => review.mutate({ id: request.id, decision: 'rejected' })}
                    />
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

import { Badge, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CityKey, cities } from '../../../shared/cities.ts';
import { LAB_SORTS, LAB_STATUSES } from '../../../shared/list-schemas.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { ReviewButtons } from './review-buttons.tsx';

/** Every lab profile with its license number, a page at a time (admin.labs); approve, or reject (the lab stays listed, unapproved). */
export function AdminLabs({ list }: { list: ListControl }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const { search } = list;
  const sort = searchChoice(search.sort, LAB_SORTS) ?? 'newest';
  const status = searchChoice(search.filter, LAB_STATUSES) ?? 'all';
  const labs = useQuery({
    ...trpc.admin.labs.queryOptions({ q: search.q, sort, status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const setApproval = useMutation(
    trpc.admin.setLabApproval.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Lab status updated.` });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.labs.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Error`, description: errorMessage(i18n, error) }),
    }),
  );
  const visible = labs.data?.items ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Labs`}
        description={t`Approve a lab once its license has been checked. A rejected lab stays listed, without access.`}
      />
      <ListToolbar
        control={list}
        placeholder={t`Search by name, license or e-mail`}
        label={t`Search labs`}
        sorts={[
          { value: 'newest', label: t`Newest first` },
          { value: 'oldest', label: t`Oldest first` },
          { value: 'name', label: t`By name` },
        ]}
        filterLabel={t`Filter`}
        filters={[
          { value: 'all', label: t`All labs` },
          { value: 'pending', label: t`Awaiting approval` },
          { value: 'approved', label: t`Approved` },
        ]}
      />
      {labs.isError ? (
        <ErrorState title={t`Error fetching labs`} error={labs.error} onRetry={() => void labs.refetch()} />
      ) : labs.isPending ? (
        <Skeleton height="40" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{t`No labs match.`}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" opacity={labs.isPlaceholderData ? 0.6 : 1} aria-busy={labs.isFetching}>
          {visible.map((lab) => {
            const busy = setApproval.isPending && setApproval.variables?.labId === lab.id;
            const name = localized(locale, lab.lab_name_ar, lab.lab_name_en);
            return (
              <Card.Root as="li" key={lab.id} variant="outline" size="sm" data-testid="admin-lab" data-lab-id={lab.id}>
                <Card.Body>
                  <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
                    <Stack gap="1" minWidth="0">
                      <HStack gap="2" wrap="wrap">
                        <Text fontWeight="semibold">
                          <bdi>{name}</bdi>
                        </Text>
                        <Badge colorPalette={lab.approved ? 'green' : 'orange'} variant="subtle">
                          {lab.approved ? t`Approved` : t`Awaiting approval`}
                        </Badge>
                        {!lab.email_verified && (
                          <Badge colorPalette="gray" variant="subtle" data-testid="lab-email-unconfirmed">
                            {t`E-mail not confirmed`}
                          </Badge>
                        )}
                      </HStack>
                      <Text fontSize="sm">
                        {t`License number`}: <bdi>{lab.license_number ?? t`Not given`}</bdi>
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {[
                          lab.email && <bdi key="email">{lab.email}</bdi>,
                          lab.city && lab.city in cities ? cities[lab.city as CityKey][locale] : null,
                          lab.phone && (
                            <bdi key="phone" dir="ltr">
                              {formatPhone(lab.phone)}
                            </bdi>
                          ),
                        ]
                          .filter(Boolean)
                          .flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {t`Joined on ${formatDate(new Date(lab.created_at), locale)}`}
                      </Text>
                    </Stack>
                    <ReviewButtons
                      name={name}
                      pending={busy ? (setApproval.variables?.approved ? 'approve' : 'reject') : null}
                      // A lab is approved once its address is confirmed (the server says so too).
                      onApprove={
                        lab.approved || !lab.email_verified ? undefined : () => setApproval.mutate({ labId: lab.id, approved: true })
                      }
                      onReject={() => setApproval.mutate({ labId: lab.id, approved: false })}
                    />
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <PageButtons control={list} nextCursor={labs.data?.nextCursor} fetching={labs.isFetching} />
    </Stack>
  );
}

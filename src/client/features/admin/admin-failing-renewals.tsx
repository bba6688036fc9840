import { Badge, Card, Link, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { FAILING_RENEWAL_SORTS } from '../../../shared/list-schemas.ts';
import type { PlanId } from '../../../shared/plans.ts';
import { Figure } from '../../components/figure.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { planNames } from '../../lib/plan-labels.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type FailingRenewal = RouterOutputs['admin']['failingRenewals']['items'][number];

/**
 * Paid plans whose monthly renewal was declined and which are still in their grace period, those that
 * fall to the free plan soonest first (admin.failingRenewals): whom to write to, and by when. A table
 * on a wide screen, a card a plan on a phone (so the date that matters is never scrolled away).
 */
export function AdminFailingRenewals({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const { search } = list;
  const sort = searchChoice(search.sort, FAILING_RENEWAL_SORTS) ?? 'soonest';
  const renewals = useQuery({
    ...trpc.admin.failingRenewals.queryOptions({ q: search.q, sort, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const visible = renewals.data?.items ?? [];
  const busy = { opacity: renewals.isPlaceholderData ? 0.6 : 1, 'aria-busy': renewals.isFetching };
  const headings = {
    account: t`Account`,
    plan: t`Plan`,
    failures: t`Declined payments`,
    firstFailed: t`First declined`,
    fallsToFree: t`Moves to the free plan`,
  };

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Failing renewals`}
        description={t`Paid plans whose monthly payment was declined. The card is tried again once a day; unless a payment goes through, the account moves to the free plan on the date shown.`}
      />
      <ListToolbar
        control={list}
        placeholder={t`Search by name, e-mail or lab`}
        label={t`Search failing renewals`}
        sorts={[{ value: 'soonest', label: t`Ending soonest first` }]}
      />
      {renewals.data && renewals.data.total > 0 && (
        <Text color="fg.muted" fontSize="sm">
          {t`${plural(renewals.data.total, { one: '# plan in its grace period.', other: '# plans in their grace period.' })}`}
        </Text>
      )}
      {renewals.isError ? (
        <ErrorState title={t`Error fetching failing renewals`} error={renewals.error} onRetry={() => void renewals.refetch()} />
      ) : renewals.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{search.q ? t`No failing renewals match.` : t`No renewals are failing: every paid plan was renewed.`}</EmptyState>
      ) : (
        <>
          <Stack as="ul" listStyleType="none" gap="3" hideFrom="md" {...busy}>
            {visible.map((renewal) => (
              <Card.Root as="li" key={renewal.id} variant="outline" size="sm" data-testid="failing-renewal-card">
                <Card.Body gap="3">
                  <AccountDetails renewal={renewal} />
                  <SimpleGrid columns={2} gap="3">
                    <Figure label={headings.plan}>
                      <PlanDetails renewal={renewal} />
                    </Figure>
                    <Figure label={headings.failures}>
                      <Failures renewal={renewal} />
                    </Figure>
                    <Figure label={headings.firstFailed}>
                      <FirstFailed renewal={renewal} />
                    </Figure>
                    <Figure label={headings.fallsToFree}>
                      <FallsToFree renewal={renewal} />
                    </Figure>
                  </SimpleGrid>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <TableScrollArea label={t`Failing renewals`} borderWidth="1px" rounded="lg" hideBelow="md" {...busy}>
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{headings.account}</Table.ColumnHeader>
                  <Table.ColumnHeader>{headings.plan}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="center">{headings.failures}</Table.ColumnHeader>
                  <Table.ColumnHeader>{headings.firstFailed}</Table.ColumnHeader>
                  <Table.ColumnHeader>{headings.fallsToFree}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {visible.map((renewal) => (
                  <Table.Row key={renewal.id} data-testid="failing-renewal">
                    <Table.Cell minWidth="56">
                      <AccountDetails renewal={renewal} />
                    </Table.Cell>
                    <Table.Cell>
                      <PlanDetails renewal={renewal} />
                    </Table.Cell>
                    <Table.Cell textAlign="center">
                      <Failures renewal={renewal} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <FirstFailed renewal={renewal} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <FallsToFree renewal={renewal} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScrollArea>
        </>
      )}
      <PageButtons control={list} nextCursor={renewals.data?.nextCursor} fetching={renewals.isFetching} />
    </Stack>
  );
}

/** Who to write to: the lab's name (its account holder's beside it when another) or the customer's, and the e-mail. */
function AccountDetails({ renewal: { account } }: { renewal: FailingRenewal }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const labName =
    account.user_type === 'lab' && account.lab_name_ar && account.lab_name_en
      ? localized(locale, account.lab_name_ar, account.lab_name_en)
      : null;
  return (
    <Stack gap="1" align="start">
      <Text fontWeight="medium">
        <bdi>{labName ?? account.name}</bdi>
      </Text>
      {labName && account.name !== account.lab_name_ar && account.name !== account.lab_name_en && (
        <Text fontSize="xs" color="fg.muted">
          <bdi>{account.name}</bdi>
        </Text>
      )}
      <Badge size="sm" variant="subtle" colorPalette={account.user_type === 'lab' ? 'purple' : 'blue'}>
        {account.user_type === 'lab' ? t`Laboratory` : t`Customer`}
      </Badge>
      {account.email && (
        <Link href={`mailto:${account.email}`} fontSize="sm" colorPalette="brand" wordBreak="break-all">
          <Mail size={14} aria-hidden />
          <bdi dir="ltr">{account.email}</bdi>
        </Link>
      )}
    </Stack>
  );
}

function PlanDetails({ renewal }: { renewal: FailingRenewal }) {
  const { t, i18n } = useLingui();
  const plan = planNames[renewal.plan as PlanId];
  return (
    <Stack gap="0">
      <Text>{plan ? i18n._(plan) : renewal.plan}</Text>
      {renewal.period_end && (
        <Text fontSize="xs" color="fg.muted">
          {t`Period ended ${formatDate(new Date(renewal.period_end), activeLocale())}`}
        </Text>
      )}
    </Stack>
  );
}

const Failures = ({ renewal }: { renewal: FailingRenewal }) => (
  <Text data-testid="failing-renewal-failures">{formatNumber(renewal.renewal_failures, activeLocale())}</Text>
);

const FirstFailed = ({ renewal }: { renewal: FailingRenewal }) => (
  <Text data-testid="failing-renewal-first">{formatDate(new Date(renewal.first_failed_at), activeLocale())}</Text>
);

const FallsToFree = ({ renewal }: { renewal: FailingRenewal }) => (
  <Text fontWeight="semibold" color="orange.fg" data-testid="failing-renewal-falls">
    {formatDate(new Date(renewal.falls_to_free_at), activeLocale())}
  </Text>
);

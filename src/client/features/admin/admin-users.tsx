import { Badge, Button, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WalletCards } from 'lucide-react';
import { useState } from 'react';
import { USER_ROLES, USER_SORTS } from '../../../shared/list-schemas.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { tierLabel } from '../../lib/plan-labels.ts';
import { trpc } from '../../lib/trpc.ts';
import { GoodwillCreditDialog, type GoodwillTarget } from './goodwill-credit-dialog.tsx';

const ROLES = ['all', ...USER_ROLES] as const;

/** Every account, a page at a time, searched on the server by name, e-mail or phone (admin.users). */
export function AdminUsers({ list }: { list: ListControl }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const sort = searchChoice(search.sort, USER_SORTS) ?? 'newest';
  const role = searchChoice(search.filter, ROLES) ?? 'all';
  const users = useQuery({
    ...trpc.admin.users.queryOptions({ q: search.q, sort, role: role === 'all' ? undefined : role, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const roleLabel = { customer: t`Customer`, lab: t`Laboratory`, admin: t`Administrator` } as const;
  const visible = users.data?.items ?? [];
  const [crediting, setCrediting] = useState<GoodwillTarget | null>(null);

  return (
    <Stack gap="5">
      <SectionTitle title={t`Users`} description={users.data ? t`${formatNumber(users.data.total, locale)} accounts match.` : undefined} />
      <ListToolbar
        control={list}
        placeholder={t`Search by name, e-mail or phone`}
        label={t`Search users`}
        sorts={[
          { value: 'newest', label: t`Newest first` },
          { value: 'oldest', label: t`Oldest first` },
          { value: 'name', label: t`By name` },
        ]}
        filterLabel={t`Account type`}
        filters={[
          { value: 'all', label: t`All accounts` },
          { value: 'customer', label: t`Customers` },
          { value: 'lab', label: t`Labs` },
          { value: 'admin', label: t`Administrators` },
        ]}
      />
      {users.isError ? (
        <ErrorState title={t`Error fetching users`} error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{t`No accounts match.`}</EmptyState>
      ) : (
        <TableScrollArea
          label={t`Users`}
          borderWidth="1px"
          rounded="lg"
          opacity={users.isPlaceholderData ? 0.6 : 1}
          aria-busy={users.isFetching}
        >
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Name`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Contact`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Account type`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Plan`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Joined`}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {visible.map((user) => (
                <Table.Row key={user.id} data-testid="admin-user">
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium">
                        <bdi>{user.name}</bdi>
                      </Text>
                      {user.is_anonymous && (
                        <Badge size="sm" variant="outline">
                          {t`Guest`}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="bdi" dir="ltr" fontSize="sm">
                      {user.email ?? (user.phone ? <bdi dir="ltr">{formatPhone(user.phone)}</bdi> : '—')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1.5" wrap="wrap">
                      <Badge variant="subtle">{roleLabel[user.user_type]}</Badge>
                      {user.user_type === 'lab' && !user.approved && (
                        <Badge colorPalette="orange" variant="subtle">
                          {t`Awaiting approval`}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>{user.user_type === 'admin' ? '—' : i18n._(tierLabel(user.subscription_tier, user.user_type))}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(new Date(user.created_at), locale)}</Table.Cell>
                  <Table.Cell>
                    {user.user_type === 'customer' && !user.is_anonymous && (
                      <Button size="xs" variant="outline" onClick={() => setCrediting({ userId: user.id, name: user.name })}>
                        <WalletCards aria-hidden />
                        {t`Give credit`}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      <PageButtons control={list} nextCursor={users.data?.nextCursor} fetching={users.isFetching} />
      <GoodwillCreditDialog target={crediting} onClose={() => setCrediting(null)} />
    </Stack>
  );
}

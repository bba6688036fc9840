import { Badge, HStack, Input, InputGroup, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { formatPhone } from '../../../shared/phone.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { tierLabel } from '../../lib/plan-labels.ts';
import { trpc } from '../../lib/trpc.ts';

type Role = 'all' | 'customer' | 'lab' | 'admin';

export function AdminUsers() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const users = useQuery(trpc.admin.users.queryOptions());
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<Role>('all');
  const roleLabel = { customer: t`Customer`, lab: t`Laboratory`, admin: t`Administrator` } as const;
  const needle = query.trim().toLowerCase();
  const visible =
    users.data?.items.filter(
      (user) =>
        (role === 'all' || user.user_type === role) &&
        (!needle ||
          user.name.toLowerCase().includes(needle) ||
          (user.email ?? '').toLowerCase().includes(needle) ||
          (user.phone ?? '').includes(needle)),
    ) ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Users`}
        description={
          users.data
            ? t`${formatNumber(users.data.total, locale)} accounts; the newest ${formatNumber(users.data.items.length, locale)} are listed.`
            : undefined
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`Search by name, e-mail or phone`}
            aria-label={t`Search users`}
          />
        </InputGroup>
        <NativeSelect.Root width={{ base: 'full', sm: '48' }}>
          <NativeSelect.Field value={role} onChange={(event) => setRole(event.currentTarget.value as Role)} aria-label={t`Account type`}>
            <option value="all">{t`All accounts`}</option>
            <option value="customer">{t`Customers`}</option>
            <option value="lab">{t`Labs`}</option>
            <option value="admin">{t`Administrators`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {users.isError ? (
        <ErrorState title={t`Error fetching users`} error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{t`No accounts match.`}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Name`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Contact`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Account type`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Plan`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Joined`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {visible.map((user) => (
                <Table.Row key={user.id} data-testid="admin-user">
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium">{user.name}</Text>
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
                  <Table.Cell>{user.user_type === 'admin' ? '—' : i18n._(tierLabel(user.subscription_tier))}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(new Date(user.created_at), locale)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

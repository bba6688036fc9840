import { Badge, Button, Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History, Landmark } from 'lucide-react';
import { useState } from 'react';
import { type CityKey, cities } from '../../../shared/cities.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { PayoutHistoryDialog } from './payout-history-dialog.tsx';
import { type PayoutTarget, RecordPayoutDialog } from './record-payout-dialog.tsx';

/**
 * Every lab's dues from the ledger, what was transferred and the balance due, a page at a time by name
 * (admin.labBalances); record a bank transfer, or read a lab's transfers.
 */
export function AdminLabPayouts({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const [paying, setPaying] = useState<PayoutTarget | null>(null);
  const [history, setHistory] = useState<{ labId: string; labName: string } | null>(null);
  const balances = useQuery({
    ...trpc.admin.labBalances.queryOptions({ q: search.q, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const visible = balances.data?.items ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Lab payouts`}
        description={t`What each lab is owed for completed bookings after commission, what was transferred to it, and the balance due.`}
      />
      <ListToolbar
        control={list}
        placeholder={t`Search by lab name`}
        label={t`Search labs`}
        sorts={[{ value: 'name', label: t`By name` }]}
      />
      {balances.isError ? (
        <ErrorState title={t`Error fetching labs`} error={balances.error} onRetry={() => void balances.refetch()} />
      ) : balances.isPending ? (
        <Skeleton height="40" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{t`No labs match.`}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" opacity={balances.isPlaceholderData ? 0.6 : 1} aria-busy={balances.isFetching}>
          {visible.map((lab) => {
            const name = localized(locale, lab.lab_name_ar, lab.lab_name_en);
            return (
              <Card.Root as="li" key={lab.id} variant="outline" size="sm" data-testid="lab-balance" data-lab-id={lab.id}>
                <Card.Body>
                  <Stack direction={{ base: 'column', lg: 'row' }} justify="space-between" gap="4">
                    <Stack gap="1" minWidth="0">
                      <HStack gap="2" wrap="wrap">
                        <Text fontWeight="semibold">{name}</Text>
                        {!lab.approved && (
                          <Badge colorPalette="orange" variant="subtle">
                            {t`Awaiting approval`}
                          </Badge>
                        )}
                      </HStack>
                      {lab.city && lab.city in cities && (
                        <Text fontSize="sm" color="fg.muted">
                          {cities[lab.city as CityKey][locale]}
                        </Text>
                      )}
                    </Stack>
                    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" flex="1" maxWidth={{ lg: '2xl' }}>
                      <Figure label={t`Earned`} value={lab.earned} />
                      <Figure label={t`Awaiting completion`} value={lab.pending} muted />
                      <Figure label={t`Transferred`} value={lab.paid_out} />
                      <Figure label={t`Balance due`} value={lab.balance} strong testId="lab-balance-due" />
                    </SimpleGrid>
                    <HStack gap="2" align="center" wrap="wrap">
                      <Button
                        size="sm"
                        colorPalette="brand"
                        disabled={lab.balance <= 0}
                        onClick={() => setPaying({ labId: lab.id, labName: name, balance: lab.balance })}
                      >
                        <Landmark aria-hidden />
                        {t`Record a transfer`}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setHistory({ labId: lab.id, labName: name })}>
                        <History aria-hidden />
                        {t`Transfers`}
                      </Button>
                    </HStack>
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <PageButtons control={list} nextCursor={balances.data?.nextCursor} fetching={balances.isFetching} />
      <RecordPayoutDialog target={paying} onClose={() => setPaying(null)} />
      <PayoutHistoryDialog lab={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

function Figure({
  label,
  value,
  muted,
  strong,
  testId,
}: {
  label: string;
  value: number;
  muted?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Price
        value={value}
        fontWeight={strong ? 'bold' : 'medium'}
        color={muted ? 'fg.muted' : value < 0 ? 'fg.error' : undefined}
        data-testid={testId}
      />
    </Stack>
  );
}

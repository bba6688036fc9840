import { Badge, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Banknote, CircleDollarSign, Hourglass, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';
import { Price } from './price.tsx';
import { EmptyState } from './query-state.tsx';
import { StatCard } from './stat-card.tsx';
import { TableScrollArea } from './table-scroll-area.tsx';

/** A lab's account with the platform, in SAR (ADR 0043), as lab.payouts and admin.labPayouts answer it. */
export interface LabAccount {
  earned: number;
  pending: number;
  paid_out: number;
  balance: number;
}

export interface PayoutRow {
  id: string;
  amount: number;
  paid_on: string;
  bank_reference: string;
  note: string | null;
  reverses_id: string | null;
  reversed_by: string | null;
}

/** A transfer's day (YYYY-MM-DD, a day in Riyadh) in the reader's language. */
export const formatPaidOn = (day: string) => formatDate(new Date(`${day}T12:00:00+03:00`), activeLocale());

/** Earned, awaiting completion, paid out and the balance owed, the way the lab and the admin both read them. */
export function LabAccountFigures({ account, loading }: { account: LabAccount | undefined; loading: boolean }) {
  const { t } = useLingui();
  const money = (value: number | undefined) => value !== undefined && <Price value={value} fontWeight="inherit" />;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <StatCard
        icon={Banknote}
        label={t`Earned`}
        hint={t`Completed and missed visits, after commission, with home visit fees`}
        value={money(account?.earned)}
        loading={loading}
        testId="account-earned"
      />
      <StatCard
        icon={Hourglass}
        label={t`Awaiting completion`}
        hint={t`Paid bookings not completed yet`}
        value={money(account?.pending)}
        loading={loading}
      />
      <StatCard icon={Landmark} label={t`Transferred`} value={money(account?.paid_out)} loading={loading} testId="account-paid-out" />
      <StatCard
        icon={CircleDollarSign}
        label={t`Balance due`}
        hint={t`Earned less what was transferred`}
        value={money(account?.balance)}
        loading={loading}
        testId="account-balance"
      />
    </SimpleGrid>
  );
}

/** Transfers to a lab, newest recorded first; a reversal and the payout it cancels are marked; `action`, a last cell per row. */
export function PayoutTable({ items, action }: { items: PayoutRow[]; action?: (payout: PayoutRow) => ReactNode }) {
  const { t } = useLingui();
  if (items.length === 0) return <EmptyState>{t`No transfers yet.`}</EmptyState>;
  return (
    <TableScrollArea label={t`Transfers`}>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t`Transfer date and bank reference`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
            {action && <Table.ColumnHeader />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((payout) => (
            <Table.Row key={payout.id} data-testid="payout-row">
              <Table.Cell>
                <Stack gap="0.5">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{formatPaidOn(payout.paid_on)}</Text>
                    {payout.reverses_id && (
                      <Badge colorPalette="orange" variant="subtle">
                        {t`Reversal`}
                      </Badge>
                    )}
                    {payout.reversed_by && (
                      <Badge colorPalette="gray" variant="subtle">
                        {t`Reversed`}
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t`Bank transfer reference`}:{' '}
                    <Text as="bdi" dir="ltr" fontFamily="mono" color="fg">
                      {payout.bank_reference}
                    </Text>
                  </Text>
                  {payout.note && (
                    <Text fontSize="xs" color="fg.muted">
                      {payout.note}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end" verticalAlign="top">
                <Price value={payout.amount} />
              </Table.Cell>
              {action && (
                <Table.Cell textAlign="end" verticalAlign="top">
                  {action(payout)}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

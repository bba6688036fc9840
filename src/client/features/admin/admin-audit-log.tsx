import { Badge, Button, CloseButton, Field, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '../../../shared/legal.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { isolated } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

const actionLabels: Record<AuditAction, MessageDescriptor> = {
  'lab.approve': msg`Lab approved`,
  'lab.reject': msg`Lab rejected`,
  'lab.payout': msg`Payout to a lab recorded`,
  'lab.payout_reverse': msg`Payout to a lab reversed`,
  'test_request.approve': msg`Test request approved`,
  'package.approve': msg`Package approved`,
  'promo.save': msg`Promo code saved`,
  'insurer.save': msg`Insurer saved`,
  'package.reject': msg`Package rejected`,
  'wallet.settings': msg`Wallet and referral settings changed`,
  'wallet.guarantee_settings': msg`Service guarantee credits changed`,
  'wallet.goodwill_credit': msg`Credit given to a customer`,
  'test_request.reject': msg`Test request rejected`,
  'two_factor.reset': msg`Two-factor sign-in reset`,
  'two_factor.enable': msg`Two-factor sign-in turned on`,
  'two_factor.disable': msg`Two-factor sign-in turned off`,
  'passkey.add': msg`Passkey added`,
  'passkey.remove': msg`Passkey removed`,
  'result.upload': msg`Result uploaded`,
  'result.read': msg`Result opened`,
  'result.read_denied': msg`Result refused`,
  'result.damaged': msg`Damaged result refused`,
  'result.report_save': msg`Result values saved`,
  'result.report_release': msg`Result report released`,
  'result.report_received': msg`Result message received`,
  'result.critical_call': msg`Critical value call recorded`,
  'result.interpretation_sign': msg`Interpretive comment signed`,
  'result.share_denied': msg`Shared link refused`,
  'result_share.create': msg`Results shared with a doctor`,
  'result_share.revoke': msg`Shared link revoked`,
  'result_share.new_code': msg`New code issued for a shared link`,
  'account.delete': msg`Account deleted`,
  'store.product_save': msg`Store product saved`,
  'store.stock_adjust': msg`Stock adjusted`,
  'store.order_status': msg`Store order status changed`,
  'store.collection_save': msg`Store collection saved`,
  'store.collection_delete': msg`Store collection deleted`,
  'store.image_delete': msg`Product picture removed`,
  'review.hide': msg`Review hidden`,
  'review.show': msg`Review shown again`,
  'lab_api_key.create': msg`Lab API key created`,
  'lab_api_key.revoke': msg`Lab API key revoked`,
  'lab_insurance.networks_save': msg`Lab insurance networks saved`,
  'lab_insurance.nphies_settings_save': msg`Lab NPHIES settings saved`,
  'analyte.create': msg`Analyte added`,
  'analyte.save': msg`Analyte changed`,
  'analyte.interval_save': msg`Reference interval saved`,
  'analyte.interval_delete': msg`Reference interval deleted`,
  'analyte.critical_save': msg`Critical limit saved`,
  'analyte.critical_delete': msg`Critical limit deleted`,
  'analyte.test_link': msg`Analyte listed by a test`,
  'analyte.test_unlink': msg`Analyte taken off a test`,
  'analyte.lab_interval_save': msg`Lab's own interval saved`,
  'analyte.lab_interval_delete': msg`Lab's own interval deleted`,
  'analyte.unit_alias_add': msg`Unit spelling added`,
};

/** The start of a picked day (YYYY-MM-DD) in Riyadh, as an instant; the day after for an end. */
function dayStart(day: string, after = false): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00+03:00`);
  if (after) start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString();
}

/** Staff actions and every read of a result, newest first, filtered by action, person and days. */
export function AdminAuditLog() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const roleLabel = { customer: t`Customer`, lab: t`Laboratory`, admin: t`Administrator` } as const;
  const entries = useInfiniteQuery(
    trpc.admin.auditLog.infiniteQueryOptions(
      {
        limit: 25,
        filters: { action: action || undefined, actorId: actor?.id, from: dayStart(from), to: dayStart(to, true) },
      },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Audit log`}
        description={t`Every staff action and every opening of a result, newest first. Entries cannot be changed or deleted.`}
      />
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
        <Field.Root flex="1">
          <Field.Label>{t`Action`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={action} onChange={(event) => setAction(event.currentTarget.value as AuditAction | '')}>
              <option value="">{t`All actions`}</option>
              {AUDIT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {i18n._(actionLabels[value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ md: '44' }}>
          <Field.Label>{t`From`}</Field.Label>
          <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <Field.Root width={{ md: '44' }}>
          <Field.Label>{t`To`}</Field.Label>
          <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </Field.Root>
      </Stack>
      {actor && (
        <HStack gap="2" data-testid="audit-actor-filter">
          <Text fontSize="sm">{t`Only actions by ${isolated(actor.name)}`}</Text>
          <CloseButton size="2xs" aria-label={t`Show everyone's actions`} onClick={() => setActor(null)} />
        </HStack>
      )}
      {entries.isError ? (
        <ErrorState title={t`Error fetching the audit log`} error={entries.error} onRetry={() => void entries.refetch()} />
      ) : entries.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : items.length === 0 ? (
        <EmptyState>{t`No entries match.`}</EmptyState>
      ) : (
        <TableScrollArea label={t`Audit log`} borderWidth="1px" rounded="lg">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`When`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Action`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`By`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Record`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Reason`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((entry) => {
                const at = new Date(entry.created_at);
                const label = AUDIT_ACTIONS.includes(entry.action as AuditAction)
                  ? i18n._(actionLabels[entry.action as AuditAction])
                  : entry.action;
                const actorName = entry.actor_name || t`Deleted account`;
                return (
                  <Table.Row key={entry.id} data-testid="audit-entry">
                    <Table.Cell whiteSpace="nowrap">
                      {formatDate(at, locale)} {formatTime(at, locale)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle">{label}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {entry.actor_id ? (
                        <Stack gap="0.5" align="start">
                          <Button
                            variant="plain"
                            size="xs"
                            p="0"
                            height="auto"
                            textDecoration="underline"
                            onClick={() => entry.actor_id && setActor({ id: entry.actor_id, name: actorName })}
                          >
                            {actorName}
                          </Button>
                          {entry.actor_type && (
                            <Text fontSize="xs" color="fg.muted">
                              {roleLabel[entry.actor_type]}
                              {entry.ip && (
                                <>
                                  {' · '}
                                  <bdi>{entry.ip}</bdi>
                                </>
                              )}
                            </Text>
                          )}
                        </Stack>
                      ) : (
                        '—'
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <Text as="bdi" fontSize="xs" fontFamily="mono" color="fg.muted">
                        {entry.subject_type}:{entry.subject_id.slice(0, 8)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell maxW="64">{entry.reason ?? '—'}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      {entries.hasNextPage && (
        <Button variant="outline" alignSelf="center" loading={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {t`Show older entries`}
        </Button>
      )}
    </Stack>
  );
}

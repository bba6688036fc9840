import { Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LabAccountFigures, PayoutTable } from '../../components/lab-account.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { trpc } from '../../lib/trpc.ts';

/** The lab's balance due from Tahaleel and the bank transfers it received (lab.payouts, ADR 0043). */
export function LabPayouts() {
  const { t } = useLingui();
  const payouts = useInfiniteQuery(
    trpc.lab.payouts.infiniteQueryOptions({ limit: 10 }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  if (payouts.isError) {
    return <ErrorState title={t`Error fetching transfers`} error={payouts.error} onRetry={() => void payouts.refetch()} />;
  }
  const account = payouts.data?.pages[0]?.account;
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card.Root variant="outline" data-testid="lab-payouts">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Your dues and transfers`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t`Tahaleel transfers your dues to your bank account; each transfer appears here with its bank reference.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <LabAccountFigures account={account} loading={payouts.isPending} />
          <Heading as="h4" size="sm">
            {t`Transfers received`}
          </Heading>
          {payouts.isPending ? <Skeleton height="16" rounded="md" /> : <PayoutTable items={items} />}
          {payouts.hasNextPage && (
            <Button variant="outline" alignSelf="center" loading={payouts.isFetchingNextPage} onClick={() => void payouts.fetchNextPage()}>
              {t`Show older transfers`}
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

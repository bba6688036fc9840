import { Badge, Box, Card, Center, Heading, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Building2, ShieldAlert, Stethoscope, UserRound } from 'lucide-react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Read = RouterOutputs['account']['resultAccessLog'][number];

const roleLook = {
  customer: { icon: UserRound, palette: 'gray' },
  lab: { icon: Building2, palette: 'blue' },
  admin: { icon: ShieldAlert, palette: 'orange' },
  doctor: { icon: Stethoscope, palette: 'green' },
} as const;

function ReadRow({ read }: { read: Read }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const viewedAt = new Date(read.viewed_at);
  const look = roleLook[read.viewer_role];
  const viewer =
    read.viewer_role === 'customer'
      ? t`You`
      : read.viewer_role === 'admin'
        ? t`Tahaleel staff`
        : read.viewer_role === 'doctor'
          ? t`A doctor, via your share link`
          : read.viewer_name
            ? localized(locale, read.viewer_name.ar, read.viewer_name.en)
            : t`Your lab`;
  const role = { customer: t`Patient`, lab: t`Lab`, admin: t`Administrator`, doctor: t`Doctor` }[read.viewer_role];
  return (
    <HStack as="li" align="start" gap="3" py="3" data-testid="result-read" data-viewer-role={read.viewer_role}>
      <Center boxSize="9" rounded="full" bg={`${look.palette}.subtle`} color={`${look.palette}.fg`} flexShrink={0}>
        <Icon as={look.icon} boxSize="4" aria-hidden />
      </Center>
      <Stack gap="1" minWidth="0" flex="1">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap={{ base: '0.5', sm: '3' }}>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              <bdi>{viewer}</bdi>
            </Text>
            <Badge colorPalette={look.palette} variant="subtle">
              {role}
            </Badge>
          </HStack>
          <Text asChild fontSize="sm" color="fg.muted" flexShrink={0}>
            <time dateTime={read.viewed_at}>
              {formatDate(viewedAt, locale)} · {formatTime(viewedAt, locale)}
            </time>
          </Text>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {localized(locale, read.test_name_ar, read.test_name_en)} ·{' '}
          {read.file_name === null ? t`Result values` : <bdi>{read.file_name}</bdi>}
        </Text>
        {read.reason !== null && (
          <Box bg="bg.muted" rounded="md" px="3" py="2" mt="1" data-testid="result-read-reason">
            <Text fontSize="xs" color="fg.muted">
              {t`Reason given`}
            </Text>
            <Text fontSize="sm">
              <bdi>{read.reason}</bdi>
            </Text>
          </Box>
        )}
      </Stack>
    </HStack>
  );
}

/**
 * Every opening of the customer's results, files and values alike, newest first: their own, their
 * lab's, a doctor's through a link they shared, and Tahaleel staff's, who must give a reason (shown
 * here) and about whom the customer is also told by mail.
 */
export function ResultAccessLog() {
  const { t } = useLingui();
  const reads = useQuery(trpc.account.resultAccessLog.queryOptions());
  return (
    <Card.Root variant="outline" data-testid="result-access-log">
      <Card.Header>
        <Stack gap="1">
          <Heading as="h3" size="md">
            {t`Who viewed your results`}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t`Every time your results are opened, their values or their files, it is listed here, including each time a doctor opens a link you shared. Tahaleel staff may open a result only for a reason they give, and we e-mail you when they do. Times are in Riyadh time.`}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body pt="2">
        {reads.isError ? (
          <ErrorState title={t`Could not load who viewed your results`} error={reads.error} onRetry={() => void reads.refetch()} />
        ) : reads.isPending ? (
          <Stack gap="3" aria-busy="true" aria-label={t`Loading...`}>
            <Skeleton height="14" rounded="md" />
            <Skeleton height="14" rounded="md" />
          </Stack>
        ) : reads.data.length === 0 ? (
          <EmptyState>{t`No one has opened your results yet.`}</EmptyState>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" divideY="1px">
            {reads.data.map((read) => (
              <ReadRow key={read.id} read={read} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

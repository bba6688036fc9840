import { Alert, Badge, Box, Link as ChakraLink, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Phone, Stethoscope } from 'lucide-react';
import { criticalFirst } from '../../../shared/critical-first.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { isCritical } from '../../../shared/result-values.ts';
import { ErrorState } from '../../components/query-state.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { formatRange, formatResultValue, withUnit } from '../../lib/report-format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { ReportAnalysis } from './analysis/report-analysis.tsx';
import { ResultFlagBadge } from './result-flag.tsx';
import { SignedComment } from './signed-comment.tsx';
import { TrendChart } from './trend-chart.tsx';

type Report = RouterOutputs['results']['report'];
type Observation = Report['observations'][number];
type ShownValue = Pick<Observation, 'kind' | 'number' | 'comparator' | 'text' | 'unit' | 'decimals'>;

/** A value as the report prints it: "6.8 mmol/L", "< 0.5 mg/L", or the answer in the reader's language. */
function valueText(value: ShownValue, locale: Locale): string {
  if (value.kind === 'text' || value.number === null) return value.text ? value.text[locale] : '';
  return withUnit(formatResultValue(value.number, value.comparator, value.decimals, locale), value.unit);
}

/** One released report's values, for its patient: fetched when opened (its values are unsealed on the server for each read). */
export function ReportView({ bookingId, headingLevel }: { bookingId: string; headingLevel: HeadingLevel }) {
  const { t } = useLingui();
  const report = useQuery(trpc.results.report.queryOptions({ bookingId }));
  if (report.isError)
    return <ErrorState title={t`Error fetching this report`} error={report.error} onRetry={() => void report.refetch()} />;
  if (report.isPending)
    return (
      <Stack gap="3" role="status" aria-label={t`Loading...`}>
        <Skeleton height="6" width="40%" />
        <Skeleton height="20" rounded="md" />
        <Skeleton height="20" rounded="md" />
      </Stack>
    );
  return (
    <Stack gap="5">
      <ReportValues report={report.data} headingLevel={headingLevel} />
      <ReportAnalysis bookingId={bookingId} />
    </Stack>
  );
}

/** The heading level of each value's name: one below the report's own heading. */
type HeadingLevel = 4 | 5;

export function ReportValues({ report, headingLevel }: { report: Report; headingLevel: HeadingLevel }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { booking } = report;
  const critical = report.observations.some((observation) => isCritical(observation.flag));
  return (
    <Stack gap="4" data-testid="report-view" data-booking-id={booking.id}>
      {critical && <CriticalNotice phone={booking.lab.phone} />}
      <Stack gap="1.5">
        <HStack gap="2" wrap="wrap">
          {report.status === 'preliminary' ? (
            <Badge colorPalette="orange" variant="subtle" data-testid="report-status">{t`Preliminary`}</Badge>
          ) : (
            <Badge colorPalette="green" variant="subtle" data-testid="report-status">{t`Final`}</Badge>
          )}
          {report.amended && <Badge colorPalette="blue" variant="subtle" data-testid="report-amended">{t`Amended`}</Badge>}
          {report.releasedAt && (
            <Text fontSize="sm" color="fg.muted">
              {t`Released on ${formatDate(new Date(report.releasedAt), locale, booking.timeZone)}`}
            </Text>
          )}
        </HStack>
        {report.status === 'preliminary' && <Text fontSize="sm">{t`Preliminary: the lab may still change or add values.`}</Text>}
        {report.amended && <Text fontSize="sm">{t`Amended: the lab changed this report; changed values are marked.`}</Text>}
        <HStack gap="2" fontSize="sm" color="fg.muted" align="start">
          <Stethoscope size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text>{t`Discuss your results with your doctor.`}</Text>
        </HStack>
      </Stack>
      {report.parts.length > 0 && <VisitParts parts={report.parts} timeZone={booking.timeZone} />}
      <Stack as="ul" listStyleType="none" gap="3">
        {criticalFirst(report.observations).map((observation) => (
          <ObservationItem
            key={`${observation.analyteId}-${observation.loinc}-${observation.label}`}
            observation={observation}
            bookingId={booking.id}
            timeZone={booking.timeZone}
            headingLevel={headingLevel}
          />
        ))}
      </Stack>
      {report.note && (
        <Box borderStartWidth="3px" borderColor="border.emphasized" ps="3" data-testid="report-note">
          <Text fontSize="sm" fontWeight="semibold">{t`Note from the lab`}</Text>
          <Text fontSize="sm" whiteSpace="pre-wrap">
            <bdi>{report.note}</bdi>
          </Text>
        </Box>
      )}
      {report.interpretation && <SignedComment comment={report.interpretation} timeZone={booking.timeZone} />}
    </Stack>
  );
}

/**
 * A package visit's tests, each ready (since when) or still awaited: the lab reports them one by one
 * (issue #79 item 1), and the values below are those in so far.
 */
function VisitParts({ parts, timeZone }: { parts: Report['parts']; timeZone: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const waiting = parts.filter((part) => !part.reported).length;
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="md" p="3" data-testid="report-parts">
      <Text fontSize="sm" fontWeight="semibold">{t`Tests in this visit`}</Text>
      {waiting > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t`The lab releases each test when it is done; you will be told when the rest are ready.`}
        </Text>
      )}
      <Stack as="ul" listStyleType="none" gap="1" mt="2">
        {parts.map((part) => (
          <HStack as="li" key={part.testId} justify="space-between" gap="3" fontSize="sm" wrap="wrap">
            <Text>{localized(locale, part.name.ar, part.name.en)}</Text>
            {part.reported ? (
              <Badge colorPalette="green" variant="subtle">
                {part.releasedAt ? t`Ready on ${formatDate(new Date(part.releasedAt), locale, timeZone)}` : t`Ready`}
              </Badge>
            ) : (
              <Badge colorPalette="gray" variant="subtle">{t`Awaiting the lab`}</Badge>
            )}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/** A value past a critical limit: the patient is told to call the lab, never what the value may mean. */
function CriticalNotice({ phone }: { phone: string | null }) {
  const { t } = useLingui();
  return (
    <Alert.Root status="error" role="alert" data-testid="report-critical">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t`One of your results needs urgent attention.`}</Alert.Title>
        <Alert.Description>
          {phone ? (
            <>
              {t`Call your lab now:`}{' '}
              <ChakraLink href={`tel:${phone}`} fontWeight="semibold" textDecoration="underline" data-testid="report-critical-phone">
                <Phone size={14} aria-hidden />
                <bdi dir="ltr">{formatPhone(phone)}</bdi>
              </ChakraLink>
            </>
          ) : (
            t`Call your lab now.`
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ObservationItem({
  observation,
  bookingId,
  timeZone,
  headingLevel,
}: {
  observation: Observation;
  bookingId: string;
  timeZone: string;
  headingLevel: HeadingLevel;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const name = observation.name
    ? localized(locale, observation.name.ar, observation.name.en)
    : (observation.label ?? observation.loinc ?? '');
  const shown = valueText(observation, locale);
  const rangeText = observation.range && formatRange(observation.range, observation.decimals, locale);
  const numeric = observation.kind === 'number';
  // A value with no range earns no flag; one whose detection limit straddles its range earns none either, and says nothing.
  const flagShown = observation.flag !== null || (numeric && !rangeText);
  const critical = isCritical(observation.flag);
  const previous = observation.previous && valueText(observation.previous, locale);
  const reportedAs = observation.reportedAs && withUnit(observation.reportedAs.entered, observation.reportedAs.unit);
  const rangeWithUnit = rangeText && withUnit(rangeText, observation.unit);
  const comment = observation.comment;
  return (
    <Box
      as="li"
      borderWidth={critical ? '2px' : '1px'}
      borderColor={critical ? 'red.solid' : 'border'}
      rounded="md"
      p={{ base: '3', md: '4' }}
      data-testid="result-observation"
      data-loinc={observation.loinc ?? undefined}
      data-flag={observation.flag ?? 'none'}
    >
      <Stack gap="3">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'start' }} gap="2">
          <Stack gap="0.5" minWidth="0">
            <Heading as={`h${headingLevel}`} size="sm">
              <bdi>{name}</bdi>
            </Heading>
            {observation.loinc && (
              <Text fontSize="xs" color="fg.muted">
                LOINC <bdi dir="ltr">{observation.loinc}</bdi>
              </Text>
            )}
            {observation.extra && <Text fontSize="xs" color="fg.muted">{t`Sent by the lab in addition to this test's values`}</Text>}
            {observation.unitNotRecognised && (
              <Text fontSize="xs" color="fg.warning" data-testid="result-unit-not-recognised">
                {t`Unit not recognised — shown as the lab sent it, not converted`}
              </Text>
            )}
          </Stack>
          <Stack gap="1" align={{ base: 'start', sm: 'end' }} flexShrink={0}>
            <HStack gap="2" wrap="wrap">
              <Text fontSize="lg" fontWeight="bold" data-testid="result-value">
                <bdi dir={numeric ? 'ltr' : undefined}>{shown}</bdi>
              </Text>
              {flagShown && <ResultFlagBadge flag={observation.flag} />}
            </HStack>
            {reportedAs && (
              <Text fontSize="xs" color="fg.muted">
                <Trans>
                  reported as <bdi dir="ltr">{reportedAs}</bdi>
                </Trans>
              </Text>
            )}
          </Stack>
        </Stack>
        {numeric && (
          <Stack gap="0.5">
            <Text fontSize="sm" data-testid="result-range" data-origin={rangeWithUnit ? observation.range?.origin : undefined}>
              {!rangeWithUnit ? (
                t`No range given`
              ) : observation.range?.origin === 'published' ? (
                <Trans>
                  Published range: <bdi dir="ltr">{rangeWithUnit}</bdi>
                </Trans>
              ) : (
                <Trans>
                  Lab's range: <bdi dir="ltr">{rangeWithUnit}</bdi>
                </Trans>
              )}
            </Text>
            {rangeWithUnit && observation.range?.origin === 'published' && (
              <Text fontSize="xs" color="fg.muted" data-testid="result-range-source">
                {observation.range.source ? (
                  <Trans>
                    The lab sent no range, so this one is from <bdi>{observation.range.source}</bdi>.
                  </Trans>
                ) : (
                  t`The lab sent no range, so this one is a published one.`
                )}
              </Text>
            )}
          </Stack>
        )}
        {observation.changed && (
          <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="result-changed">
            <Badge colorPalette="blue" variant="solid">{t`Changed`}</Badge>
            {previous ? (
              <Text>
                <Trans>
                  was <bdi dir={observation.previous?.kind === 'number' ? 'ltr' : undefined}>{previous}</bdi>
                </Trans>
              </Text>
            ) : (
              <Text>{t`Added when the lab amended the report`}</Text>
            )}
          </HStack>
        )}
        {comment && (
          <Text fontSize="sm">
            <Trans>
              The lab's comment: <bdi>{comment}</bdi>
            </Trans>
          </Text>
        )}
        {observation.trend.length >= 2 && (
          <TrendChart
            name={name}
            trend={observation.trend}
            range={observation.range}
            unit={observation.unit}
            decimals={observation.decimals}
            timeZone={timeZone}
            currentBookingId={bookingId}
          />
        )}
      </Stack>
    </Box>
  );
}

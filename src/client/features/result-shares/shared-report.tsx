import { Badge, Box, Button, Card, Heading, HStack, Icon, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, Download, FileText, Minus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { criticalFirst } from '../../../shared/critical-first.ts';
import type { Locale } from '../../../shared/locale.ts';
import { isCritical, type ResultFlag } from '../../../shared/result-values.ts';
import { displayUnit } from '../../../shared/unit-display.ts';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolateLatinRuns, localized } from '../../lib/bidi.ts';
import { appErrorMessage, errorMessage } from '../../lib/errors.ts';
import { formatDate, formatFileSize, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { downloadSharedFile, SharedFileError } from './shared-file.ts';

type Report = RouterOutputs['resultShares']['open']['reports'][number];
type Observation = NonNullable<Report['values']>['observations'][number];

const flagLook = {
  N: { icon: CircleCheck, palette: 'green' },
  L: { icon: ArrowDown, palette: 'orange' },
  H: { icon: ArrowUp, palette: 'orange' },
  LL: { icon: TriangleAlert, palette: 'red' },
  HH: { icon: TriangleAlert, palette: 'red' },
  A: { icon: CircleAlert, palette: 'orange' },
} as const;

/** The flag in words and an icon, never colour alone; a value without a range says so. */
function FlagLabel({ flag }: { flag: ResultFlag | null }) {
  const { t } = useLingui();
  const words: Record<ResultFlag, string> = {
    N: t`Normal`,
    L: t`Low`,
    H: t`High`,
    LL: t`Critically low`,
    HH: t`Critically high`,
    A: t`Abnormal`,
  };
  const look = flag ? flagLook[flag] : { icon: Minus, palette: 'gray' };
  return (
    <HStack gap="1.5" color={`${look.palette}.fg`} fontWeight={flag && flag !== 'N' ? 'semibold' : 'normal'} data-flag={flag ?? 'none'}>
      <Icon as={look.icon} boxSize="4" aria-hidden flexShrink={0} />
      <Text as="span">{flag ? words[flag] : t`No range given`}</Text>
    </HStack>
  );
}

function numberText(value: number, decimals: number | null, locale: Locale): string {
  return formatNumber(value, locale, decimals ?? undefined);
}

/** "157–371 10³/µL": a number's text with its unit written as the patient's page writes it (displayUnit), not as its UCUM code. */
function withUnit(text: string, unit: string | null): string {
  const shown = displayUnit(unit);
  return shown ? `${text} ${shown}` : text;
}

/** The value as the lab reported it (a detection limit keeps its sign), with its unit, numbers left to right. */
function ValueText({ observation, locale }: { observation: Observation; locale: Locale }) {
  if (observation.kind === 'text' || observation.number === null) {
    return <bdi>{observation.text ? localized(locale, observation.text.ar, observation.text.en) : ''}</bdi>;
  }
  return (
    <Text as="bdi" dir="ltr" whiteSpace="nowrap">
      {withUnit(`${observation.comparator ?? ''}${numberText(observation.number, observation.decimals, locale)}`, observation.unit)}
    </Text>
  );
}

/** The range with its unit, "157–371 10³/µL" or "≤ 200 mg/dL"; null when there is none. */
function rangeText(observation: Observation, locale: Locale): string | null {
  const { range, decimals } = observation;
  if (!range || (range.low === null && range.high === null)) return null;
  const bounds =
    range.low !== null && range.high !== null
      ? `${numberText(range.low, decimals, locale)}–${numberText(range.high, decimals, locale)}`
      : range.low !== null
        ? `≥ ${numberText(range.low, decimals, locale)}`
        : `≤ ${numberText(range.high!, decimals, locale)}`;
  return withUnit(bounds, observation.unit);
}

/** Whose range it is (issue #76 item 8): the lab's, or a published one named by its source. */
function RangeOrigin({ range }: { range: Observation['range'] }) {
  const { t } = useLingui();
  if (!range || (range.low === null && range.high === null)) return null;
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="shared-range-origin" data-origin={range.origin}>
      {range.origin !== 'published' ? (
        t`Lab's range`
      ) : range.source ? (
        <Trans>
          Published range: <bdi>{range.source}</bdi>
        </Trans>
      ) : (
        t`Published range`
      )}
    </Text>
  );
}

function analyteName(observation: Observation, locale: Locale): string {
  if (observation.name) return localized(locale, observation.name.ar, observation.name.en);
  return observation.label ?? observation.loinc ?? '';
}

/** On a phone: each value on two lines, its name and flag, then the result and the range. */
function ValuesList({ observations, locale }: { observations: Observation[]; locale: Locale }) {
  const { t } = useLingui();
  return (
    <Stack as="ul" listStyleType="none" gap="0" divideY="1px" borderWidth="1px" rounded="l2" hideFrom="md" data-testid="shared-values-list">
      {observations.map((observation, index) => {
        const range = rangeText(observation, locale);
        return (
          <Stack as="li" key={observation.analyteId ?? `${observation.label}-${index}`} gap="1" px="3" py="2.5">
            <HStack justify="space-between" align="start" gap="3">
              <Text fontWeight="medium">
                <bdi>{analyteName(observation, locale)}</bdi>
              </Text>
              <FlagLabel flag={observation.flag} />
            </HStack>
            <HStack justify="space-between" gap="3" wrap="wrap" fontSize="sm">
              <ValueText observation={observation} locale={locale} />
              <Text as="span" color="fg.muted" data-testid="shared-range">
                {t`Range`}{' '}
                <Text as="bdi" dir="ltr" whiteSpace="nowrap">
                  {range ?? '—'}
                </Text>
              </Text>
            </HStack>
            <RangeOrigin range={observation.range} />
            {observation.changed && (
              <Badge colorPalette="blue" variant="subtle" size="sm" alignSelf="start">
                {t`Changed in this version`}
              </Badge>
            )}
            {observation.comment && (
              <Text fontSize="xs" color="fg.muted">
                <bdi>{observation.comment}</bdi>
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** From a tablet up: a table of the values, their ranges and flags. */
function ValuesTable({ observations, locale }: { observations: Observation[]; locale: Locale }) {
  const { t } = useLingui();
  return (
    <TableScrollArea label={t`Results`} borderWidth="1px" rounded="l2" hideBelow="md">
      <Table.Root size="sm" data-testid="shared-values">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t`Test`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Result`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Reference range`}</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Flag`}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {observations.map((observation, index) => {
            const range = rangeText(observation, locale);
            const reported = observation.reportedAs;
            return (
              <Table.Row key={observation.analyteId ?? `${observation.label}-${index}`} data-loinc={observation.loinc}>
                <Table.Cell minW="32">
                  <Stack gap="0.5">
                    <Text fontWeight="medium">
                      <bdi>{analyteName(observation, locale)}</bdi>
                    </Text>
                    {observation.changed && (
                      <Badge colorPalette="blue" variant="subtle" size="sm" alignSelf="start">
                        {t`Changed in this version`}
                      </Badge>
                    )}
                    {observation.comment && (
                      <Text fontSize="xs" color="fg.muted">
                        <bdi>{observation.comment}</bdi>
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <ValueText observation={observation} locale={locale} />
                  {reported && (
                    <Text fontSize="xs" color="fg.muted">
                      {t`Reported as`}{' '}
                      <Text as="bdi" dir="ltr">
                        {withUnit(reported.entered, reported.unit)}
                      </Text>
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {range ? (
                    <Stack gap="0.5">
                      <Text as="bdi" dir="ltr" whiteSpace="nowrap">
                        {range}
                      </Text>
                      <RangeOrigin range={observation.range} />
                    </Stack>
                  ) : (
                    <Text as="span" color="fg.muted">
                      —
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <FlagLabel flag={observation.flag} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

/**
 * Each analyte's values across the shared reports, oldest first, as a small table: where there are two
 * or more, shown with the latest report that holds the analyte (not again with each earlier one).
 */
function Trends({
  observations,
  bookingId,
  locale,
  timeZone,
}: {
  observations: Observation[];
  bookingId: string;
  locale: Locale;
  timeZone: string;
}) {
  const { t } = useLingui();
  const withTrend = observations.filter(
    (observation) => observation.trend.length >= 2 && observation.trend[observation.trend.length - 1]?.bookingId === bookingId,
  );
  if (withTrend.length === 0) return null;
  return (
    <Stack gap="3" data-testid="shared-trends">
      <Heading as="h3" size="sm">
        {t`Trends across the shared reports`}
      </Heading>
      {withTrend.map((observation) => (
        <TableScrollArea
          key={observation.analyteId ?? observation.label}
          label={analyteName(observation, locale)}
          borderWidth="1px"
          rounded="l2"
        >
          <Table.Root size="sm">
            <Table.Caption captionSide="top" textAlign="start" fontWeight="medium" px="3" pt="2">
              <bdi>{analyteName(observation, locale)}</bdi>
              {displayUnit(observation.unit) && (
                <>
                  {' '}
                  <Text as="bdi" dir="ltr" color="fg.muted">
                    ({displayUnit(observation.unit)})
                  </Text>
                </>
              )}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Date and lab`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Value`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Flag`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {observation.trend.map((point) => (
                <Table.Row key={point.bookingId}>
                  <Table.Cell>
                    <Text whiteSpace="nowrap">{formatDate(new Date(point.at), locale, timeZone)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      <bdi>{localized(locale, point.lab.ar, point.lab.en)}</bdi>
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="bdi" dir="ltr">
                      {numberText(point.value, observation.decimals, locale)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <FlagLabel flag={point.flag} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      ))}
    </Stack>
  );
}

function FileDownload({ file, token, code }: { file: Report['files'][number]; token: string; code: string | undefined }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSharedFile(token, file.id, code, file.fileName);
    } catch (error) {
      const description = error instanceof SharedFileError ? appErrorMessage(i18n, error.code) : errorMessage(i18n, error);
      notify.error({ title: t`Could not download the file`, description });
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack as="li" justify="space-between" gap="3" wrap="wrap" borderWidth="1px" rounded="l2" p="3">
      <HStack gap="2" minW="0">
        <FileText size={20} aria-hidden />
        <Text overflowWrap="anywhere">
          <bdi>{file.fileName}</bdi>{' '}
          <Text as="span" color="fg.muted" fontSize="sm">
            ({formatFileSize(file.sizeBytes, locale)})
          </Text>
        </Text>
      </HStack>
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        loading={busy}
        onClick={() => void download()}
        aria-label={t`Download ${file.fileName}`}
        data-testid="shared-file-download"
      >
        <Download aria-hidden />
        {t`Download`}
      </Button>
    </HStack>
  );
}

/**
 * One shared report, read-only: the test, lab and date; each value with its unit, reference range and
 * flag in words; the trends across the shared reports; the lab's files to download.
 */
export function SharedReport({
  report,
  token,
  code,
  sharePatient,
}: {
  report: Report;
  token: string;
  code: string | undefined;
  sharePatient: string;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const values = report.values;
  const testName = localized(locale, report.test.ar, report.test.en);
  const labName = localized(locale, report.lab.ar, report.lab.en);
  const when = formatDate(new Date(report.at), locale, report.timeZone);
  const patientName = report.patientName;
  return (
    <Card.Root as="section" variant="outline" aria-label={testName} data-testid="shared-report" data-booking-id={report.bookingId}>
      <Card.Header pb="2">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Heading as="h2" size="lg">
              <bdi>{testName}</bdi>
            </Heading>
            {values && (
              <Badge colorPalette={values.status === 'final' ? 'green' : 'yellow'} variant="subtle">
                {values.status === 'final' ? t`Final` : t`Preliminary`}
              </Badge>
            )}
            {values?.amended && (
              <Badge colorPalette="blue" variant="subtle">
                {t`Amended`}
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <bdi>{labName}</bdi> · {when}
          </Text>
          {patientName !== sharePatient && (
            <Text fontSize="sm" data-testid="shared-report-patient">
              {t`For ${patientName}`}
            </Text>
          )}
        </Stack>
      </Card.Header>
      <Card.Body gap="5" pt="2">
        {values ? (
          <>
            {values.observations.some((observation) => isCritical(observation.flag)) && (
              <HStack gap="2" color="red.fg" fontWeight="semibold" fontSize="sm" role="note" data-testid="shared-critical-first">
                <Icon as={TriangleAlert} boxSize="4" aria-hidden flexShrink={0} />
                <Text>{t`This report holds a value past its critical limit; it is listed first.`}</Text>
              </HStack>
            )}
            <ValuesList observations={criticalFirst(values.observations)} locale={locale} />
            <ValuesTable observations={criticalFirst(values.observations)} locale={locale} />
            {values.note && (
              <Box bg="bg.muted" rounded="l2" px="3" py="2">
                <Text fontSize="xs" color="fg.muted">
                  {t`The lab's note`}
                </Text>
                <Text fontSize="sm" whiteSpace="pre-wrap">
                  <bdi>{values.note}</bdi>
                </Text>
              </Box>
            )}
            {values.interpretation && <SignedComment comment={values.interpretation} />}
            <Trends observations={values.observations} bookingId={report.bookingId} locale={locale} timeZone={report.timeZone} />
          </>
        ) : (
          <Text color="fg.muted">{t`The lab sent this result as a file only.`}</Text>
        )}
        {report.files.length > 0 && (
          <Stack gap="2">
            <Heading as="h3" size="sm">
              {t`The lab's files`}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2">
              {report.files.map((file) => (
                <FileDownload key={file.id} file={file} token={token} code={code} />
              ))}
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A Premium lab's interpretive comment, as its specialist signed it (issue #54). */
function SignedComment({ comment }: { comment: NonNullable<NonNullable<Report['values']>['interpretation']> }) {
  const { t } = useLingui();
  const name = comment.specialist.name;
  const licence = comment.specialist.licence;
  return (
    <Box bg="bg.muted" rounded="l2" px="3" py="2" data-testid="shared-report-interpretation">
      <Text fontSize="xs" color="fg.muted">
        {t`Interpretive comment from the lab's specialist`}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap">
        <bdi>{isolateLatinRuns(comment.text)}</bdi>
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1">
        <Trans>
          Signed by <bdi>{name}</bdi> (licence no. <bdi dir="ltr">{licence}</bdi>)
        </Trans>
      </Text>
    </Box>
  );
}

import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, FlaskConical } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { localized } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { groupByPerson } from './report-groups.ts';
import { ReportView } from './report-view.tsx';
import { type ResultFile, ResultFileRow } from './result-file-row.tsx';

type ReportItem = RouterOutputs['results']['reports'][number];

/**
 * The customer's released reports, kept per person (their own, then each family member's), newest
 * first. A report opens in place to show its values; the lab's files for the same booking stay under it.
 * Which report is open is in the URL (`report=`), so the "results ready" mail's link opens it.
 */
export function MyReports({
  reports,
  files,
  openReport,
  onOpenReport,
}: {
  reports: ReportItem[];
  files: ResultFile[];
  openReport: string | undefined;
  onOpenReport: (bookingId: string | undefined) => void;
}) {
  const { t } = useLingui();
  const groups = groupByPerson(reports);
  // Headings per person only when there is more than the account holder's own.
  const named = groups.length > 1 || groups.some((group) => group.patientName !== null);
  // The report a link opened is scrolled to once; one opened by a tap is where the reader already is.
  const linkedReport = useRef(openReport);
  return (
    <Stack gap="6">
      {groups.map((group) => (
        <Stack as="section" key={group.patientName ?? ''} gap="3" data-testid="report-group">
          {named && (
            <Heading as="h3" size="md">
              {group.patientName === null ? (
                t`Your results`
              ) : (
                <Trans>
                  Results for <bdi>{group.patientName}</bdi>
                </Trans>
              )}
            </Heading>
          )}
          <Stack as="ul" listStyleType="none" gap="3">
            {group.reports.map((report) => (
              <ReportCard
                key={report.bookingId}
                report={report}
                files={files.filter((file) => file.booking_id === report.bookingId)}
                open={openReport === report.bookingId}
                scrollTo={linkedReport.current === report.bookingId}
                headingLevel={named ? 4 : 3}
                onToggle={() => onOpenReport(openReport === report.bookingId ? undefined : report.bookingId)}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

function ReportCard({
  report,
  files,
  open,
  scrollTo,
  headingLevel,
  onToggle,
}: {
  report: ReportItem;
  files: ResultFile[];
  open: boolean;
  scrollTo: boolean;
  /** Under a person's heading (h3) or straight under the section's (h2). */
  headingLevel: 3 | 4;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const valuesId = useId();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollTo) card.current?.scrollIntoView({ block: 'start' });
  }, [scrollTo]);
  return (
    <Card.Root as="li" ref={card} variant="outline" data-testid="my-report" data-booking-id={report.bookingId} scrollMarginTop="20">
      <Card.Body gap="4" p={{ base: '3', md: '5' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'start' }} gap="3">
          <HStack gap="3" align="start" minWidth="0">
            <FlaskConical size={22} aria-hidden color="var(--chakra-colors-brand-fg)" style={{ flexShrink: 0 }} />
            <Stack gap="0.5" minWidth="0">
              <Heading as={`h${headingLevel}`} size="sm">
                {localized(locale, report.test.ar, report.test.en)}
              </Heading>
              <Text fontSize="sm">
                <bdi>{localized(locale, report.lab.ar, report.lab.en)}</bdi>
              </Text>
              <HStack gap="2" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  {formatDate(new Date(report.at), locale)}
                </Text>
                {report.amended && (
                  <Badge colorPalette="blue" variant="subtle">
                    {t`Amended`}
                  </Badge>
                )}
              </HStack>
            </Stack>
          </HStack>
          <Button
            size="sm"
            colorPalette="brand"
            variant={open ? 'outline' : 'solid'}
            aria-expanded={open}
            aria-controls={valuesId}
            onClick={onToggle}
            data-testid="report-toggle"
          >
            {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {open ? t`Hide values` : t`Show values`}
          </Button>
        </Stack>
        <Box id={valuesId} hidden={!open}>
          {open && <ReportView bookingId={report.bookingId} headingLevel={headingLevel === 4 ? 5 : 4} />}
        </Box>
        {files.length > 0 && (
          <Stack gap="2" borderTopWidth="1px" pt="3">
            <Text fontSize="sm" fontWeight="semibold">
              {t`The lab's report files`}
            </Text>
            <Stack as="ul" listStyleType="none" gap="3">
              {files.map((file) => (
                <Box as="li" key={file.id}>
                  <ResultFileRow file={file} withinReport />
                </Box>
              ))}
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { localized } from '../../../lib/bidi.ts';
import { formatDate, formatList } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { VisitAnalysis } from './analysis-types.ts';
import { FindingCard } from './finding-card.tsx';
import { NextStepCard } from './next-step-card.tsx';
import { PersonBasisNote } from './person-basis-note.tsx';
import { RetestCard } from './retest-card.tsx';
import { TrendList } from './trend-list.tsx';

type Level = 3 | 4;

/**
 * The analysis of one visit: on Premium, the findings (most pressing first), the trends, the next
 * steps and the retests; on another plan, how many findings there are, one of them, and the upgrade.
 */
export function VisitAnalysisView({
  analysis,
  upgrade,
  headingLevel,
}: {
  analysis: VisitAnalysis;
  upgrade: ReactNode;
  headingLevel: Level;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const sub = (headingLevel + 1) as 4 | 5;
  const tests = formatList(
    analysis.visit.reports.map((report) => localized(locale, report.test.ar, report.test.en)),
    locale,
  );
  const visitDate = formatDate(new Date(analysis.visit.at), locale);
  return (
    <Stack gap="5" data-testid="visit-analysis" data-access={analysis.access}>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          From your visit of {visitDate}: <bdi>{tests}</bdi>
        </Trans>
      </Text>
      <PersonBasisNote basis={analysis.person.basis} />
      {analysis.access === 'preview' ? (
        <Preview analysis={analysis} upgrade={upgrade} headingLevel={sub} />
      ) : (
        <>
          <Stack gap="3">
            <Heading as={`h${headingLevel}`} size="md">
              {t`What we found`}
            </Heading>
            {analysis.findings.length === 0 ? (
              <Text fontSize="sm">{t`No value in this visit is outside its range, and no pattern the rules look for was found.`}</Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="3">
                {analysis.findings.map((finding) => (
                  <FindingCard key={`${finding.kind}-${finding.id}`} finding={finding} headingLevel={sub} />
                ))}
              </Stack>
            )}
          </Stack>
          {analysis.trends.length > 0 && (
            <Stack gap="3">
              <Heading as={`h${headingLevel}`} size="md">
                {t`Since your last results`}
              </Heading>
              <TrendList trends={analysis.trends} />
            </Stack>
          )}
          {analysis.nextSteps.length > 0 && (
            <Stack gap="3">
              <Heading as={`h${headingLevel}`} size="md">
                {t`Tests that could come next`}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t`Suggested by the findings above; ask your doctor whether you need them.`}
              </Text>
              <Stack as="ul" listStyleType="none" gap="3">
                {analysis.nextSteps.map((step) => (
                  <NextStepCard key={step.test.id} step={step} headingLevel={sub} />
                ))}
              </Stack>
              <BuildFromSuggestions analysis={analysis} />
            </Stack>
          )}
          {analysis.retests.length > 0 && <Retests analysis={analysis} headingLevel={headingLevel} />}
        </>
      )}
    </Stack>
  );
}

/** The suggested tests' markers priced together at one lab, in one visit ("build your own", issue #79 item 3). */
function BuildFromSuggestions({ analysis }: { analysis: VisitAnalysis }) {
  const { t } = useLingui();
  const markers = [...new Set(analysis.nextSteps.flatMap((step) => step.analyteIds))];
  if (markers.length === 0) return null;
  return (
    <Button asChild variant="outline" colorPalette="brand" alignSelf="start" size="sm" data-testid="build-from-suggestions">
      <Link to="/packages/build" search={{ markers: markers.join(',') }}>
        <ClipboardList aria-hidden />
        {t`Find one lab for all of them, cheapest first`}
      </Link>
    </Button>
  );
}

function Retests({ analysis, headingLevel }: { analysis: VisitAnalysis; headingLevel: Level }) {
  const { t } = useLingui();
  const reminders = useQuery(trpc.retestReminders.list.queryOptions());
  return (
    <Stack gap="3">
      <Heading as={`h${headingLevel}`} size="md">
        {t`When to test again`}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="3">
        {analysis.retests.map((retest) => (
          <RetestCard
            key={retest.ruleId}
            retest={retest}
            bookingId={analysis.visit.bookingId}
            accepted={(reminders.data ?? []).some(
              (reminder) => reminder.bookingId === analysis.visit.bookingId && reminder.ruleId === retest.ruleId,
            )}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Another plan's view: every critical value in full, first (issue #76: no plan hides one), then how
 * many findings there are and one example of the others, and the upgrade.
 */
function Preview({ analysis, upgrade, headingLevel }: { analysis: VisitAnalysis; upgrade: ReactNode; headingLevel: 4 | 5 }) {
  const { i18n } = useLingui();
  const critical = analysis.findings.filter((finding) => finding.kind === 'critical');
  const example = analysis.findings.find((finding) => finding.kind !== 'critical');
  return (
    <Stack gap="4" data-testid="analysis-preview">
      {critical.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="analysis-critical">
          {critical.map((finding) => (
            <FindingCard key={`${finding.kind}-${finding.id}`} finding={finding} headingLevel={headingLevel} />
          ))}
        </Stack>
      )}
      <Text fontWeight="semibold" data-testid="analysis-count">
        {critical.length === 0
          ? i18n._(
              plural(analysis.count, {
                0: 'The rules found nothing to point out in this visit.',
                one: 'The rules found # thing worth knowing in this visit.',
                other: 'The rules found # things worth knowing in this visit. Here is one of them:',
              }),
            )
          : i18n._(
              plural(analysis.count - critical.length, {
                0: 'Besides the critical values above, the rules found nothing else to point out in this visit.',
                one: 'Besides the critical values above, the rules found # more thing worth knowing in this visit.',
                other: 'Besides the critical values above, the rules found # more things worth knowing in this visit. Here is one of them:',
              }),
            )}
      </Text>
      {example && (
        <List.Root as="ul" variant="plain">
          <FindingCard finding={example} headingLevel={headingLevel} />
        </List.Root>
      )}
      {upgrade}
    </Stack>
  );
}

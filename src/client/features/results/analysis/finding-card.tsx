import { Badge, Box, Button, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Phone, Stethoscope, TriangleAlert } from 'lucide-react';
import type { Locale } from '../../../../shared/locale.ts';
import { localized } from '../../../lib/bidi.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { formatResultValue, withUnit } from '../../../lib/report-format.ts';
import { ResultFlagBadge } from '../result-flag.tsx';
import type { Finding, FindingValue } from './analysis-types.ts';
import { Fold } from './fold.tsx';
import { SeverityBadge } from './severity.tsx';
import { SourcesLine } from './sources-line.tsx';

type Bilingual = { ar: string; en: string };
const text = (locale: Locale, value: Bilingual) => localized(locale, value.ar, value.en);

type ValueFinding = Extract<Finding, { kind: 'value' }>;
type CriticalFinding = Extract<Finding, { kind: 'critical' }>;
type Grade = NonNullable<ValueFinding['grade']>;
type Stage = NonNullable<Extract<Finding, { kind: 'pattern' }>['stage']>;

/** How far a value is outside its range, in words (the grading rule is the server's data). */
const gradeWords: Record<Grade, MessageDescriptor> = {
  slightlyBelow: msg`Slightly below its range`,
  wellBelow: msg`Well below its range`,
  slightlyAbove: msg`Slightly above its range`,
  wellAbove: msg`Well above its range`,
};

/** A kidney finding's KDIGO categories, "G3a A2": Latin codes, kept left to right inside an Arabic line. */
function StageBadge({ stage }: { stage: Stage }) {
  const code = [stage.gfr, stage.albuminuria].filter(Boolean).join(' ');
  if (!code) return null;
  return (
    <Badge colorPalette="gray" variant="outline" alignSelf="start" data-testid="finding-stage" data-stage={code}>
      <Trans>
        KDIGO category <bdi dir="ltr">{code}</bdi>
      </Trans>
    </Badge>
  );
}

/** A value a finding read: "Hemoglobin 10.9 g/dL", with its flag, how far outside its range, and "calculated" for an eGFR we worked out. */
function ValueChip({ value, named = true, grade = null }: { value: FindingValue; named?: boolean; grade?: Grade | null }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const shown = value.number === null ? '' : withUnit(formatResultValue(value.number, value.comparator, null, locale), value.unit);
  return (
    <HStack as="li" gap="2" wrap="wrap" fontSize="sm" data-testid="finding-value" data-loinc={value.loinc}>
      {named && (
        <Text>
          <bdi>{text(locale, value.name)}</bdi>
        </Text>
      )}
      <Text fontWeight="semibold">
        <bdi dir="ltr">{shown}</bdi>
      </Text>
      {value.flag && <ResultFlagBadge flag={value.flag} />}
      {grade && (
        <Text color="fg.muted" data-testid="finding-grade" data-grade={grade}>
          {i18n._(gradeWords[grade])}
        </Text>
      )}
      {value.calculated && <Text color="fg.muted">{t`calculated from your creatinine, age and sex (CKD-EPI 2021)`}</Text>}
    </HStack>
  );
}

/**
 * One finding: a pattern across values, or one value outside its range explained. What it commonly
 * means, the causes that are not disease, when to see a doctor, and the rule and source it came from.
 */
export function FindingCard({ finding, headingLevel }: { finding: Finding; headingLevel: 3 | 4 | 5 }) {
  const { t } = useLingui();
  const locale = activeLocale();
  if (finding.kind === 'critical') return <CriticalFindingCard finding={finding} headingLevel={headingLevel} />;
  const title = finding.kind === 'pattern' ? text(locale, finding.title) : text(locale, finding.value.name);
  return (
    <Card.Root as="li" variant="outline" data-testid="analysis-finding" data-finding={finding.id} data-kind={finding.kind}>
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" align={{ base: 'start', sm: 'center' }}>
          <Heading as={`h${headingLevel}`} size="sm">
            <bdi>{title}</bdi>
          </Heading>
          <SeverityBadge severity={finding.severity} />
        </Stack>
        {finding.kind === 'pattern' ? (
          <>
            {finding.stage && <StageBadge stage={finding.stage} />}
            <List.Root as="ul" variant="plain" gap="1">
              {finding.values.map((value) => (
                <ValueChip key={value.loinc} value={value} />
              ))}
            </List.Root>
            <Text fontSize="sm" lineHeight="tall">
              {text(locale, finding.explanation)}
            </Text>
          </>
        ) : (
          <ValueExplanation finding={finding} />
        )}
        {/* The rule's id is for the lab and the admin (issue #77 item 10): a patient reads its sources alone. */}
        <SourcesLine sources={finding.sources} />
        <HStack gap="2" fontSize="xs" color="fg.muted">
          <Stethoscope size={14} aria-hidden />
          <Text>{t`This is not a diagnosis. Discuss it with your doctor.`}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A value past its critical limit (issue #76): first on every plan, red and outlined, opening with what
 * to do now and the emergency numbers to call, then what the value commonly means.
 */
function CriticalFindingCard({ finding, headingLevel }: { finding: CriticalFinding; headingLevel: 3 | 4 | 5 }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderWidth="2px"
      borderColor="red.solid"
      bg="red.subtle"
      role="alert"
      data-testid="analysis-finding"
      data-finding={finding.id}
      data-kind="critical"
    >
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" align={{ base: 'start', sm: 'center' }}>
          <HStack gap="2" align="start">
            <Box color="red.fg" pt="0.5" flexShrink={0}>
              <TriangleAlert size={18} aria-hidden />
            </Box>
            <Heading as={`h${headingLevel}`} size="sm">
              <bdi>{text(locale, finding.value.name)}</bdi>
            </Heading>
          </HStack>
          <SeverityBadge severity={finding.severity} />
        </Stack>
        <List.Root as="ul" variant="plain">
          <ValueChip value={finding.value} named={false} />
        </List.Root>
        <Text fontWeight="semibold" fontSize="sm">
          {text(locale, finding.now)}
        </Text>
        <List.Root as="ol" ps="5" gap="1" fontSize="sm" lineHeight="tall" data-testid="critical-steps">
          {finding.steps.map((step) => (
            <List.Item key={step.en}>{text(locale, step)}</List.Item>
          ))}
        </List.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          {finding.emergency.map((line) => (
            <Button key={line.number} asChild colorPalette="red" size="sm" data-testid="critical-emergency">
              <a href={`tel:${line.number}`}>
                <Phone aria-hidden />
                <bdi dir="ltr">{line.number}</bdi>
                <Text as="span" fontWeight="normal">
                  {text(locale, line.name)}
                </Text>
              </a>
            </Button>
          ))}
        </Stack>
        {finding.means && (
          <Text fontSize="sm" lineHeight="tall">
            {text(locale, finding.means)}
          </Text>
        )}
        <MoreAbout finding={finding} />
        <SourcesLine sources={finding.sources} />
        <HStack gap="2" fontSize="xs" color="fg.muted">
          <Stethoscope size={14} aria-hidden />
          <Text>{t`This is not a diagnosis. Discuss it with your doctor.`}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ValueExplanation({ finding }: { finding: ValueFinding }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="2" fontSize="sm" lineHeight="tall">
      <List.Root as="ul" variant="plain">
        <ValueChip value={finding.value} named={false} grade={finding.grade} />
      </List.Root>
      {finding.means ? (
        <Text>{text(locale, finding.means)}</Text>
      ) : (
        <Text>{t`This value is outside the range the lab reported it with.`}</Text>
      )}
      {finding.rangeNote && (
        <Text color="fg.muted" data-testid="finding-range-note">
          {text(locale, finding.rangeNote)}
        </Text>
      )}
      <MoreAbout finding={finding} />
    </Stack>
  );
}

/** What the analyte measures, the causes that are not disease and fit the person, and when to see a doctor: folded. */
function MoreAbout({ finding }: { finding: ValueFinding | CriticalFinding }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const more = finding.measures || finding.causes.length > 0 || finding.seeDoctor;
  return (
    <>
      {more && (
        <Fold summary={t`What it measures, other causes, when to see a doctor`}>
          <Stack gap="2" pt="2">
            {finding.measures && <Text>{text(locale, finding.measures)}</Text>}
            {finding.causes.length > 0 && (
              <Box>
                <Text fontWeight="semibold">{t`Common causes that are not disease`}</Text>
                <List.Root as="ul" ps="5" gap="0.5">
                  {finding.causes.map((cause) => (
                    <List.Item key={cause.id}>{text(locale, cause)}</List.Item>
                  ))}
                </List.Root>
              </Box>
            )}
            {finding.seeDoctor && (
              <Box>
                <Text fontWeight="semibold">{t`When to see a doctor`}</Text>
                <Text>{text(locale, finding.seeDoctor)}</Text>
              </Box>
            )}
          </Stack>
        </Fold>
      )}
    </>
  );
}

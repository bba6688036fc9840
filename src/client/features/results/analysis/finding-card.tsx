import { Box, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Stethoscope } from 'lucide-react';
import type { Locale } from '../../../../shared/locale.ts';
import { localized } from '../../../lib/bidi.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { formatResultValue, withUnit } from '../report-format.ts';
import { ResultFlagBadge } from '../result-flag.tsx';
import type { Finding, FindingValue } from './analysis-types.ts';
import { Fold } from './fold.tsx';
import { SeverityBadge } from './severity.tsx';
import { SourcesLine } from './sources-line.tsx';

type Bilingual = { ar: string; en: string };
const text = (locale: Locale, value: Bilingual) => localized(locale, value.ar, value.en);

/** A value a finding read: "Hemoglobin 10.9 g/dL", with its flag, and "calculated" for an eGFR we worked out. */
function ValueChip({ value, named = true }: { value: FindingValue; named?: boolean }) {
  const { t } = useLingui();
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
        <SourcesLine sources={finding.sources} rule={finding.kind === 'pattern' ? finding.id : undefined} />
        <HStack gap="2" fontSize="xs" color="fg.muted">
          <Stethoscope size={14} aria-hidden />
          <Text>{t`This is not a diagnosis. Discuss it with your doctor.`}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ValueExplanation({ finding }: { finding: Extract<Finding, { kind: 'value' }> }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const more = finding.measures || finding.causes.length > 0 || finding.seeDoctor;
  return (
    <Stack gap="2" fontSize="sm" lineHeight="tall">
      <List.Root as="ul" variant="plain">
        <ValueChip value={finding.value} named={false} />
      </List.Root>
      {finding.means ? (
        <Text>{text(locale, finding.means)}</Text>
      ) : (
        <Text>{t`This value is outside the range the lab reported it with.`}</Text>
      )}
      {more && (
        <Fold summary={t`What it measures, other causes, when to see a doctor`}>
          <Stack gap="2" pt="2">
            {finding.measures && <Text>{text(locale, finding.measures)}</Text>}
            {finding.causes.length > 0 && (
              <Box>
                <Text fontWeight="semibold">{t`Common causes that are not disease`}</Text>
                <List.Root as="ul" ps="5" gap="0.5">
                  {finding.causes.map((cause) => (
                    <List.Item key={cause.en}>{text(locale, cause)}</List.Item>
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
    </Stack>
  );
}

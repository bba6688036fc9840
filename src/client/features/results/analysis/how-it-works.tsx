import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleHelp } from 'lucide-react';
import { localized } from '../../../lib/bidi.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { Fold } from './fold.tsx';
import { SourcesLine } from './sources-line.tsx';

/** What the analysis is and is not: rules with published sources, read by no person and no model, and its limits. */
export function HowItWorks() {
  const { t } = useLingui();
  return (
    <Fold
      data-testid="analysis-how-it-works"
      fontSize="sm"
      summary={
        <>
          <CircleHelp size={16} aria-hidden />
          {t`How this works`}
        </>
      }
    >
      <Stack gap="3" mt="3" fontSize="sm" lineHeight="tall" borderStartWidth="3px" borderColor="border.emphasized" ps="4">
        <Text>
          {t`The analysis reads your released values with clinical rules written from published guidelines: each finding names the rule and the source it came from. No person and no AI model has read your report, and your values never leave Tahaleel to be analysed. The same values always give the same answer.`}
        </Text>
        <Text>
          {t`Its limits: the rules are for adults and do not know your history, symptoms, medicines or whether you are pregnant. A finding is not a diagnosis, and no finding does not mean all is well. Only your doctor can tell what your results mean for you.`}
        </Text>
        <Text>
          {t`A change is called a rise or a fall only when it is larger than the reference change value: how much a repeat of the same test can differ by itself (biological and laboratory variation).`}
        </Text>
        <Text>
          {t`A value past its critical limit comes first, on every plan, with what to do now: your lab calls you or your doctor, contact your doctor today, and call the emergency numbers if symptoms appear.`}
        </Text>
        <Text>
          {t`A value outside its range is called slightly outside when it is past the nearest limit by no more than a quarter of the range's width (about one standard deviation of healthy people), and well outside beyond that. Causes that are not disease are listed only where they can apply to the person: pregnancy and periods only for women of the age for them.`}
        </Text>
        <RulesList withIds={false} />
      </Stack>
    </Fold>
  );
}

/** Every rule the analysis runs, with its sources; a lab reads each rule's id too, a patient does not (issue #77 item 10). */
export function RulesList({ withIds }: { withIds: boolean }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const about = useQuery(trpc.analysis.howItWorks.queryOptions());
  if (!about.data) return null;
  return (
    <Box>
      <Heading as="h3" size="xs" mb="2">
        {t`The rules it runs`}
      </Heading>
      <List.Root as="ul" gap="2" ps="5">
        {about.data.rules.map((rule) => (
          <List.Item key={rule.id}>
            <Text>
              <bdi>{localized(locale, rule.title.ar, rule.title.en)}</bdi>
            </Text>
            <SourcesLine sources={rule.sources} rule={withIds ? rule.id : undefined} />
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

import { Card, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { RulesList } from './how-it-works.tsx';

/**
 * A Premium lab's results analysis: how its specialists get a draft interpretive comment for each
 * report, and the rules it is drafted from. (Another plan's lab sees the way to Premium instead.)
 */
export function LabAnalysisSection() {
  const { t } = useLingui();
  return (
    <Stack gap="5" data-testid="lab-analysis-section">
      <SectionTitle title={t`Results analysis`} />
      <Card.Root variant="subtle">
        <Card.Body gap="3" fontSize="sm" lineHeight="tall">
          <Text>{t`Your plan includes draft interpretive comments, written from clinical rules with published sources.`}</Text>
          <List.Root as="ol" ps="5" gap="1">
            <List.Item>{t`Enter a booking's results, or receive them from your lab system.`}</List.Item>
            <List.Item>{t`In the result form, choose "Draft from the rules": the comment names the patterns and the values outside their ranges.`}</List.Item>
            <List.Item>{t`Your specialist edits it and signs it with their name and licence number; the report can then be released.`}</List.Item>
            <List.Item>{t`The patient sees the signed comment with their values. A report changed after signing is signed again.`}</List.Item>
          </List.Root>
        </Card.Body>
      </Card.Root>
      <RulesList withIds />
    </Stack>
  );
}

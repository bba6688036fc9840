import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/test/$testName')({
  component: TestPage,
});

function TestPage() {
  const { t } = useLingui();
  const { testName } = Route.useParams();
  return (
    <PagePlaceholder title={t`Test details`}>
      <Text fontWeight="semibold">{testName}</Text>
    </PagePlaceholder>
  );
}

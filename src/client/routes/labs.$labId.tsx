import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/labs/$labId')({
  component: LabPage,
});

function LabPage() {
  const { t } = useLingui();
  const { labId } = Route.useParams();
  return (
    <PagePlaceholder title={t`Lab profile`}>
      <Text fontWeight="semibold">{labId}</Text>
    </PagePlaceholder>
  );
}

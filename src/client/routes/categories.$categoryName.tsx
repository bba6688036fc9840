import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/categories/$categoryName')({
  component: CategoryPage,
});

function CategoryPage() {
  const { t } = useLingui();
  const { categoryName } = Route.useParams();
  return (
    <PagePlaceholder title={t`Category tests`}>
      <Text fontWeight="semibold">{categoryName}</Text>
    </PagePlaceholder>
  );
}

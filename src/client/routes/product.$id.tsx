import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/product/$id')({
  component: ProductPage,
});

function ProductPage() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return (
    <PagePlaceholder title={t`Store product`}>
      <Text fontWeight="semibold">{id}</Text>
    </PagePlaceholder>
  );
}

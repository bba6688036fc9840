import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

const searchParams = z.object({
  query: z.string().optional().catch(undefined),
  lat: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  lon: z.coerce.number().min(-180).max(180).optional().catch(undefined),
  location: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/search')({
  validateSearch: searchParams,
  component: SearchPage,
});

function SearchPage() {
  const { t } = useLingui();
  const { query } = Route.useSearch();
  return (
    <PagePlaceholder title={t`Search results`}>
      {query && <Text fontWeight="semibold">{query}</Text>}
    </PagePlaceholder>
  );
}

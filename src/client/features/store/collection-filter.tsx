import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc.ts';

/**
 * The store's collections as links above the grid (/store?collection=slug), in the order the admin
 * set: "All products" and each collection with something to show. Nothing while there are none (an
 * external store names none).
 */
export function CollectionFilter({ active }: { active: string | undefined }) {
  const { t } = useLingui();
  const collections = useQuery(trpc.store.collections.queryOptions());
  const list = collections.data?.collections ?? [];
  if (list.length === 0) return null;
  const chip = (slug: string | undefined, label: string) => {
    const current = slug === active;
    return (
      <Button asChild key={slug ?? 'all'} size="sm" rounded="full" variant={current ? 'solid' : 'outline'} colorPalette="brand">
        <Link to="/store" search={slug ? { collection: slug } : {}} aria-current={current ? 'page' : undefined} resetScroll={false}>
          {label}
        </Link>
      </Button>
    );
  };
  return (
    <HStack as="nav" aria-label={t`Collections`} gap="2" wrap="wrap" justify="center" data-testid="store-collections">
      {chip(undefined, t`All products`)}
      {list.map((collection) => chip(collection.slug, collection.title))}
    </HStack>
  );
}

import { Badge, Box, Button, HStack, Image, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../../components/query-state.tsx';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { TableScrollArea } from '../../../components/table-scroll-area.tsx';
import { localized } from '../../../lib/bidi.ts';
import { formatNumber } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { ExternallyManaged } from './externally-managed.tsx';
import { ProductEditor } from './product-editor.tsx';

/** The built-in store's products, newest first, searched by name or SKU; each opens its editor. */
export function AdminStoreProducts() {
  const { t } = useLingui();
  const locale = activeLocale();
  const mode = useQuery(trpc.storeAdmin.mode.queryOptions());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [q, setQ] = useState('');
  const products = useInfiniteQuery(
    trpc.storeAdmin.products.infiniteQueryOptions(
      { limit: 20, q: q.trim() || undefined },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, enabled: mode.data?.managedExternally === false },
    ),
  );
  if (mode.data?.managedExternally) return <ExternallyManaged title={t`Store products`} />;
  if (editing !== null) {
    return (
      <ProductEditor productId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(id) => setEditing(id)} />
    );
  }
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Store products`}
        description={t`Products of the built-in store, their variants, prices and stock.`}
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> {t`New product`}
          </Button>
        }
      />
      <Input
        type="search"
        maxW={{ sm: '80' }}
        placeholder={t`Search by name or SKU`}
        aria-label={t`Search by name or SKU`}
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {products.isError ? (
        <ErrorState title={t`Error fetching products`} error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : items.length === 0 ? (
        <EmptyState>{t`No products match.`}</EmptyState>
      ) : (
        <TableScrollArea label={t`Store products`} borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Product`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Variants`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Stock`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Status`}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((product) => {
                const stock = product.variants.reduce((sum, variant) => sum + variant.stock, 0);
                const name = localized(locale, product.nameAr, product.nameEn);
                return (
                  <Table.Row key={product.id} data-testid="admin-store-product">
                    <Table.Cell>
                      <HStack gap="3">
                        <Box boxSize="10" rounded="md" overflow="hidden" bg="bg.muted" flexShrink="0">
                          {product.imageUrl && <Image src={product.imageUrl} alt="" boxSize="10" objectFit="cover" />}
                        </Box>
                        <Text fontWeight="medium">{name}</Text>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{formatNumber(product.variants.length, locale)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <HStack gap="2">
                        <Text>{formatNumber(stock, locale)}</Text>
                        {product.lowStock && (
                          <Badge colorPalette="orange" variant="subtle" data-testid="low-stock">
                            {t`Low stock`}
                          </Badge>
                        )}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={product.published ? 'green' : 'gray'} variant="subtle">
                        {product.published ? t`Published` : t`Draft`}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => setEditing(product.id)} aria-label={t`Edit ${name}`}>
                        {t`Edit`}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      {products.hasNextPage && (
        <Button variant="outline" alignSelf="center" loading={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
          {t`Show more`}
        </Button>
      )}
    </Stack>
  );
}

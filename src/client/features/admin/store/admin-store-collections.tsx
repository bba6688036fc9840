import { Badge, Button, Card, Field, Grid, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '../../../components/query-state.tsx';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { notify } from '../../../components/ui/toaster.tsx';
import { localized } from '../../../lib/bidi.ts';
import { errorCode, errorMessage, fieldError } from '../../../lib/errors.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { ExternallyManaged } from './externally-managed.tsx';

interface Collection {
  id: number;
  slug: string;
  nameAr: string;
  nameEn: string;
  productCount: number;
}

/**
 * The built-in store's collections (docs/decisions/0038): made, renamed, put in the order the store's
 * filter shows them, and deleted (their products stay in the store). Products join them from their editor.
 */
export function AdminStoreCollections() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const mode = useQuery(trpc.storeAdmin.mode.queryOptions());
  const collections = useQuery(trpc.storeAdmin.collections.queryOptions(undefined, { enabled: mode.data?.managedExternally === false }));
  const [editing, setEditing] = useState<Collection | null>(null);
  const [names, setNames] = useState({ nameAr: '', nameEn: '' });
  const [deleting, setDeleting] = useState<Collection | null>(null);

  // The admin's lists, the product editor's choices and the store's filter all read collections.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.collections.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.product.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.store.pathKey() });
  };
  const save = useMutation(
    trpc.storeAdmin.saveCollection.mutationOptions({
      onSuccess: (saved) => {
        notify.success({
          title: editing ? t`Collection renamed` : t`Collection added`,
          description: localized(locale, saved.nameAr, saved.nameEn),
        });
        setEditing(null);
        setNames({ nameAr: '', nameEn: '' });
        refresh();
      },
      onError: (error) => {
        // Told at its field instead.
        const code = errorCode(error);
        if (code !== 'VALIDATION_FAILED' && code !== 'COLLECTION_NAME_TAKEN')
          notify.error({ title: t`The collection was not saved`, description: errorMessage(i18n, error) });
      },
    }),
  );
  const remove = useMutation(
    trpc.storeAdmin.deleteCollection.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Collection deleted` });
        setDeleting(null);
        refresh();
      },
      onError: (error) => notify.error({ title: t`The collection was not deleted`, description: errorMessage(i18n, error) }),
    }),
  );
  const reorder = useMutation(
    trpc.storeAdmin.reorderCollections.mutationOptions({
      onSuccess: refresh,
      onError: (error) => {
        notify.error({ title: t`The order was not saved`, description: errorMessage(i18n, error) });
        refresh();
      },
    }),
  );

  if (mode.data?.managedExternally) return <ExternallyManaged title={t`Store collections`} />;

  const list = collections.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((collection) => collection.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    // Shown at once; put back by the refetch if the server refuses.
    queryClient.setQueryData(
      trpc.storeAdmin.collections.queryKey(),
      ids.map((id) => list.find((collection) => collection.id === id)!),
    );
    reorder.mutate({ collectionIds: ids });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...(editing ? { id: editing.id } : {}), ...names });
  };
  const nameError = (field: 'nameAr' | 'nameEn') =>
    fieldError(i18n, save.error, field) ??
    (errorCode(save.error) === 'COLLECTION_NAME_TAKEN' && (save.error?.data?.details as { field?: string } | undefined)?.field === field
      ? errorMessage(i18n, save.error)
      : undefined);

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Store collections`}
        description={t`Collections group products in the store: shoppers pick one to see only its products. Put a product in collections from its editor.`}
      />
      <Card.Root>
        <Card.Body asChild gap="4">
          <form onSubmit={submit} aria-label={editing ? t`Rename the collection` : t`New collection`}>
            <Text fontWeight="semibold">
              {editing ? t`Rename “${localized(locale, editing.nameAr, editing.nameEn)}”` : t`New collection`}
            </Text>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <Field.Root required invalid={Boolean(nameError('nameAr'))}>
                <Field.Label>
                  {t`Collection name in Arabic`}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input dir="rtl" value={names.nameAr} onChange={(event) => setNames({ ...names, nameAr: event.target.value })} />
                <Field.ErrorText>{nameError('nameAr')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(nameError('nameEn'))}>
                <Field.Label>
                  {t`Collection name in English`}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input dir="ltr" value={names.nameEn} onChange={(event) => setNames({ ...names, nameEn: event.target.value })} />
                <Field.HelperText>{t`The collection's address in the store is made from it when the collection is added, and kept.`}</Field.HelperText>
                <Field.ErrorText>{nameError('nameEn')}</Field.ErrorText>
              </Field.Root>
            </Grid>
            <HStack gap="2" justify="end">
              {editing && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setEditing(null);
                    setNames({ nameAr: '', nameEn: '' });
                    save.reset();
                  }}
                >
                  {t`Cancel`}
                </Button>
              )}
              <Button colorPalette="brand" size="sm" type="submit" loading={save.isPending}>
                {editing ? t`Save the names` : t`Add the collection`}
              </Button>
            </HStack>
          </form>
        </Card.Body>
      </Card.Root>

      {collections.isError ? (
        <ErrorState title={t`Error fetching collections`} error={collections.error} onRetry={() => void collections.refetch()} />
      ) : collections.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : list.length === 0 ? (
        <EmptyState>{t`No collections yet.`}</EmptyState>
      ) : (
        <Stack as="ol" listStyleType="none" gap="2" aria-label={t`Collections in the store's order`}>
          {list.map((collection, index) => {
            const name = localized(locale, collection.nameAr, collection.nameEn);
            return (
              <HStack
                as="li"
                key={collection.id}
                data-testid="admin-store-collection"
                borderWidth="1px"
                rounded="lg"
                px="4"
                py="3"
                gap="3"
                justify="space-between"
                wrap="wrap"
              >
                <Stack gap="0.5" minW="0">
                  <Text fontWeight="semibold">{name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {locale === 'ar' ? collection.nameEn : collection.nameAr} ·{' '}
                    <Text as="bdi" dir="ltr">
                      {collection.slug}
                    </Text>
                  </Text>
                </Stack>
                <HStack gap="1" wrap="wrap">
                  <Badge variant="subtle" colorPalette="gray" me="2">
                    {t`${plural(collection.productCount, { one: '# product', other: '# products' })}`}
                  </Badge>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t`Move ${name} earlier`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t`Move ${name} later`}
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t`Rename ${name}`}
                    onClick={() => {
                      save.reset();
                      setEditing(collection);
                      setNames({ nameAr: collection.nameAr, nameEn: collection.nameEn });
                    }}
                  >
                    <Pencil aria-hidden /> {t`Rename`}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t`Delete ${name}`}
                    onClick={() => setDeleting(collection)}
                  >
                    <Trash2 aria-hidden /> {t`Delete`}
                  </Button>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      )}

      <ConfirmDialog
        open={deleting !== null}
        testId="delete-collection-dialog"
        title={deleting ? t`Delete “${localized(locale, deleting.nameAr, deleting.nameEn)}”?` : t`Delete this collection?`}
        description={
          deleting === null
            ? null
            : deleting.productCount === 0
              ? t`It has no products. It leaves the store's collection filter.`
              : t`${plural(deleting.productCount, {
                  one: 'It holds # product, which stays in the store: only the collection goes.',
                  other: 'It holds # products, which stay in the store: only the collection goes.',
                })}`
        }
        keepLabel={t`Keep it`}
        actionLabel={t`Delete the collection`}
        busy={remove.isPending}
        onKeep={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ collectionId: deleting.id })}
      />
    </Stack>
  );
}

import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Grid,
  HStack,
  Image,
  Input,
  Separator,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { latinNumberText } from '../../../../shared/digits.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/query-state.tsx';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { DirectionalIcon } from '../../../components/ui/directional-icon.tsx';
import { NumericInput } from '../../../components/ui/numeric-input.tsx';
import { notify } from '../../../components/ui/toaster.tsx';
import { localized } from '../../../lib/bidi.ts';
import { errorMessage, fieldError } from '../../../lib/errors.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { StockAdjuster } from './stock-adjuster.tsx';

interface VariantDraft {
  id?: number;
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  optionValues: { ar: string; en: string }[];
  currentStock?: number;
  lowStock?: boolean;
}

interface Draft {
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  published: boolean;
  ribbonAr: string;
  ribbonEn: string;
  seoTitleAr: string;
  seoTitleEn: string;
  seoDescriptionAr: string;
  seoDescriptionEn: string;
  options: { ar: string; en: string }[];
  variants: VariantDraft[];
  collectionIds: number[];
}

const emptyVariant = (options: number): VariantDraft => ({
  sku: '',
  price: '',
  salePrice: '',
  stock: '0',
  optionValues: Array.from({ length: options }, () => ({ ar: '', en: '' })),
});

const emptyDraft: Draft = {
  nameAr: '',
  nameEn: '',
  descriptionAr: '',
  descriptionEn: '',
  published: false,
  ribbonAr: '',
  ribbonEn: '',
  seoTitleAr: '',
  seoTitleEn: '',
  seoDescriptionAr: '',
  seoDescriptionEn: '',
  options: [],
  variants: [emptyVariant(0)],
  collectionIds: [],
};

/** Riyals as typed (12.5, ١٢٫٥) to halalas; NaN when it is not an amount. */
function toHalalas(value: string): number {
  const western = latinNumberText(value.trim());
  if (!/^\d+(\.\d{1,2})?$/.test(western)) return Number.NaN;
  return Math.round(Number(western) * 100);
}

const riyals = (halalas: number | null) => (halalas === null ? '' : (halalas / 100).toFixed(2));

/** Creates a product, or edits one: names and descriptions in both languages, options, variants, pictures, stock. */
export function ProductEditor({ productId, onClose, onSaved }: { productId: number | null; onClose(): void; onSaved(id: number): void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const product = useQuery(trpc.storeAdmin.product.queryOptions({ id: productId ?? 0 }, { enabled: productId !== null }));
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const formId = useId();

  useEffect(() => {
    const data = product.data;
    if (!data) return;
    setDraft({
      nameAr: data.nameAr,
      nameEn: data.nameEn,
      descriptionAr: data.descriptionAr,
      descriptionEn: data.descriptionEn,
      published: data.published,
      ribbonAr: data.ribbonAr ?? '',
      ribbonEn: data.ribbonEn ?? '',
      seoTitleAr: data.seoTitleAr ?? '',
      seoTitleEn: data.seoTitleEn ?? '',
      seoDescriptionAr: data.seoDescriptionAr ?? '',
      seoDescriptionEn: data.seoDescriptionEn ?? '',
      options: data.options,
      variants: data.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        price: riyals(variant.price),
        salePrice: riyals(variant.salePrice),
        stock: String(variant.stock),
        optionValues: variant.optionValues,
        currentStock: variant.stock,
        lowStock: variant.lowStock,
      })),
      collectionIds: data.collectionIds,
    });
  }, [product.data]);

  const save = useMutation(
    trpc.storeAdmin.saveProduct.mutationOptions({
      onSuccess: (saved) => {
        notify.success({ title: t`Product saved` });
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.products.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.product.queryKey({ id: saved.id }) });
        // The collections' product counts and the store's pages follow the product.
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.collections.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.store.pathKey() });
        onSaved(saved.id);
      },
      onError: (error) => notify.error({ title: t`The product was not saved`, description: errorMessage(i18n, error) }),
    }),
  );

  if (productId !== null && product.isError) {
    return <ErrorState title={t`Error fetching the product`} error={product.error} onRetry={() => void product.refetch()} />;
  }
  if (productId !== null && product.isPending) return <Skeleton height="96" rounded="lg" />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setVariant = (index: number, patch: Partial<VariantDraft>) =>
    set(
      'variants',
      draft.variants.map((variant, at) => (at === index ? { ...variant, ...patch } : variant)),
    );
  const addOption = () =>
    setDraft((current) => ({
      ...current,
      options: [...current.options, { ar: '', en: '' }],
      variants: current.variants.map((variant) => ({ ...variant, optionValues: [...variant.optionValues, { ar: '', en: '' }] })),
    }));
  const removeOption = (index: number) =>
    setDraft((current) => ({
      ...current,
      options: current.options.filter((_, at) => at !== index),
      variants: current.variants.map((variant) => ({ ...variant, optionValues: variant.optionValues.filter((_, at) => at !== index) })),
    }));

  const submit = () => {
    const variants = draft.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      sku: variant.sku,
      price: toHalalas(variant.price),
      salePrice: variant.salePrice.trim() ? toHalalas(variant.salePrice) : null,
      stock: Number.parseInt(variant.stock, 10) || 0,
      optionValues: variant.optionValues,
    }));
    const badPrice = variants.findIndex((variant) => Number.isNaN(variant.price) || Number.isNaN(variant.salePrice ?? 0));
    if (badPrice >= 0) {
      notify.error({ title: t`The product was not saved`, description: t`Write each price in riyals, such as 49 or 49.50.` });
      return;
    }
    save.mutate({
      ...(productId !== null ? { id: productId } : {}),
      nameAr: draft.nameAr,
      nameEn: draft.nameEn,
      descriptionAr: draft.descriptionAr,
      descriptionEn: draft.descriptionEn,
      published: draft.published,
      ribbonAr: draft.ribbonAr,
      ribbonEn: draft.ribbonEn,
      seoTitleAr: draft.seoTitleAr,
      seoTitleEn: draft.seoTitleEn,
      seoDescriptionAr: draft.seoDescriptionAr,
      seoDescriptionEn: draft.seoDescriptionEn,
      options: draft.options,
      variants,
      collectionIds: draft.collectionIds,
    });
  };

  const err = (field: string) => fieldError(i18n, save.error, field);
  const textField = (key: keyof Draft, label: string, options: { dir?: 'rtl' | 'ltr'; multiline?: boolean; required?: boolean } = {}) => (
    <Field.Root required={options.required} invalid={Boolean(err(key))}>
      <Field.Label>
        {label}
        {options.required && <Field.RequiredIndicator />}
      </Field.Label>
      {options.multiline ? (
        <Input asChild height="auto" py="2">
          <textarea
            rows={5}
            aria-label={label}
            dir={options.dir}
            value={draft[key] as string}
            onChange={(event) => set(key, event.target.value as never)}
          />
        </Input>
      ) : (
        <Input dir={options.dir} value={draft[key] as string} onChange={(event) => set(key, event.target.value as never)} />
      )}
      <Field.ErrorText>{err(key)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack
      gap="5"
      as="form"
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SectionTitle
        title={productId === null ? t`New product` : localized(locale, draft.nameAr, draft.nameEn) || t`Edit product`}
        description={t`Prices in riyals. Descriptions may use simple formatting (paragraphs, bold, lists, links); anything else is removed.`}
        actions={
          <HStack gap="2">
            <Button variant="outline" size="sm" onClick={onClose}>
              {t`Back to products`}
            </Button>
            <Button colorPalette="brand" size="sm" type="submit" loading={save.isPending}>
              {t`Save`}
            </Button>
          </HStack>
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <Switch.Root colorPalette="brand" checked={draft.published} onCheckedChange={(event) => set('published', event.checked)}>
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontWeight="medium">{t`Published in the store`}</Switch.Label>
          </Switch.Root>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {textField('nameAr', t`Name in Arabic`, { dir: 'rtl', required: true })}
            {textField('nameEn', t`Name in English`, { dir: 'ltr', required: true })}
            {textField('descriptionAr', t`Description in Arabic`, { dir: 'rtl', multiline: true })}
            {textField('descriptionEn', t`Description in English`, { dir: 'ltr', multiline: true })}
            {textField('ribbonAr', t`Ribbon in Arabic (such as “New”)`, { dir: 'rtl' })}
            {textField('ribbonEn', t`Ribbon in English`, { dir: 'ltr' })}
            {textField('seoTitleAr', t`Search engine title in Arabic`, { dir: 'rtl' })}
            {textField('seoTitleEn', t`Search engine title in English`, { dir: 'ltr' })}
            {textField('seoDescriptionAr', t`Search engine description in Arabic`, { dir: 'rtl' })}
            {textField('seoDescriptionEn', t`Search engine description in English`, { dir: 'ltr' })}
          </Grid>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">{t`Options`}</Text>
            <Button size="xs" variant="outline" onClick={addOption} disabled={draft.options.length >= 3}>
              <Plus aria-hidden /> {t`Add an option`}
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">{t`Such as size or colour; each variant then gives its value.`}</Text>
        </Card.Header>
        {draft.options.length > 0 && (
          <Card.Body gap="3">
            {draft.options.map((option, index) => (
              <HStack key={index} gap="2" align="end">
                <Field.Root>
                  <Field.Label>{t`Option ${index + 1} in Arabic`}</Field.Label>
                  <Input
                    dir="rtl"
                    value={option.ar}
                    onChange={(event) =>
                      set(
                        'options',
                        draft.options.map((o, at) => (at === index ? { ...o, ar: event.target.value } : o)),
                      )
                    }
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t`Option ${index + 1} in English`}</Field.Label>
                  <Input
                    dir="ltr"
                    value={option.en}
                    onChange={(event) =>
                      set(
                        'options',
                        draft.options.map((o, at) => (at === index ? { ...o, en: event.target.value } : o)),
                      )
                    }
                  />
                </Field.Root>
                <Button size="sm" variant="ghost" aria-label={t`Remove option ${index + 1}`} onClick={() => removeOption(index)}>
                  <Trash2 aria-hidden />
                </Button>
              </HStack>
            ))}
          </Card.Body>
        )}
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">{t`Variants`}</Text>
            <Button size="xs" variant="outline" onClick={() => set('variants', [...draft.variants, emptyVariant(draft.options.length)])}>
              <Plus aria-hidden /> {t`Add a variant`}
            </Button>
          </HStack>
        </Card.Header>
        <Card.Body gap="4">
          {draft.variants.map((variant, index) => (
            <Stack key={variant.id ?? `new-${index}`} gap="3" data-testid="variant-row">
              {index > 0 && <Separator />}
              <HStack justify="space-between">
                <HStack gap="2">
                  <Text fontWeight="medium">{t`Variant ${index + 1}`}</Text>
                  {variant.lowStock && (
                    <Badge colorPalette="orange" variant="subtle">
                      {t`Low stock`}
                    </Badge>
                  )}
                </HStack>
                {draft.variants.length > 1 && (
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t`Remove variant ${index + 1}`}
                    onClick={() =>
                      set(
                        'variants',
                        draft.variants.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </HStack>
              <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
                {draft.options.map((option, optionIndex) => (
                  <Box key={optionIndex} gridColumn={{ base: 'span 2', md: 'span 2' }}>
                    <HStack gap="2">
                      <Field.Root required>
                        <Field.Label>{t`${localized(locale, option.ar, option.en) || t`Option ${optionIndex + 1}`} (Arabic)`}</Field.Label>
                        <Input
                          dir="rtl"
                          value={variant.optionValues[optionIndex]?.ar ?? ''}
                          onChange={(event) =>
                            setVariant(index, {
                              optionValues: variant.optionValues.map((value, at) =>
                                at === optionIndex ? { ...value, ar: event.target.value } : value,
                              ),
                            })
                          }
                        />
                      </Field.Root>
                      <Field.Root required>
                        <Field.Label>{t`${localized(locale, option.ar, option.en) || t`Option ${optionIndex + 1}`} (English)`}</Field.Label>
                        <Input
                          dir="ltr"
                          value={variant.optionValues[optionIndex]?.en ?? ''}
                          onChange={(event) =>
                            setVariant(index, {
                              optionValues: variant.optionValues.map((value, at) =>
                                at === optionIndex ? { ...value, en: event.target.value } : value,
                              ),
                            })
                          }
                        />
                      </Field.Root>
                    </HStack>
                  </Box>
                ))}
                <Field.Root required invalid={Boolean(err(`variants.${index}.sku`))}>
                  <Field.Label>{t`SKU`}</Field.Label>
                  <Input dir="ltr" value={variant.sku} onChange={(event) => setVariant(index, { sku: event.target.value })} />
                  <Field.ErrorText>{err(`variants.${index}.sku`) ?? t`Another variant already has this SKU.`}</Field.ErrorText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t`Price (SAR)`}</Field.Label>
                  <NumericInput
                    dir="ltr"
                    inputMode="decimal"
                    value={variant.price}
                    onChange={(event) => setVariant(index, { price: event.target.value })}
                  />
                </Field.Root>
                <Field.Root invalid={Boolean(err(`variants.${index}.salePrice`))}>
                  <Field.Label>{t`Sale price (SAR)`}</Field.Label>
                  <NumericInput
                    dir="ltr"
                    inputMode="decimal"
                    value={variant.salePrice}
                    onChange={(event) => setVariant(index, { salePrice: event.target.value })}
                  />
                  <Field.ErrorText>{t`Lower than the price.`}</Field.ErrorText>
                </Field.Root>
                {variant.id === undefined ? (
                  <Field.Root>
                    <Field.Label>{t`Stock`}</Field.Label>
                    <NumericInput
                      dir="ltr"
                      inputMode="numeric"
                      value={variant.stock}
                      onChange={(event) => setVariant(index, { stock: event.target.value })}
                    />
                  </Field.Root>
                ) : (
                  <Stack gap="1">
                    <Text fontSize="sm" fontWeight="medium">{t`Stock`}</Text>
                    <Text data-testid="variant-stock">{formatNumber(variant.currentStock ?? 0, locale)}</Text>
                  </Stack>
                )}
              </Grid>
              {variant.id !== undefined && <StockAdjuster variantId={variant.id} productId={productId!} />}
            </Stack>
          ))}
        </Card.Body>
      </Card.Root>

      <ProductCollections chosen={draft.collectionIds} onChange={(ids) => set('collectionIds', ids)} />

      {productId !== null && product.data && <ProductImages productId={productId} images={product.data.images} />}

      {product.data && product.data.stockHistory.length > 0 && (
        <Card.Root>
          <Card.Header>
            <Text fontWeight="semibold">{t`Stock history`}</Text>
          </Card.Header>
          <Card.Body gap="2">
            {product.data.stockHistory.map((entry, index) => {
              const sku = product.data.variants.find((variant) => variant.id === entry.variantId)?.sku ?? '';
              return (
                <HStack key={index} gap="3" fontSize="sm" wrap="wrap" data-testid="stock-history-entry">
                  <Text color="fg.muted" whiteSpace="nowrap">
                    {formatDate(new Date(entry.at), locale)}
                  </Text>
                  <Text as="bdi" dir="ltr">
                    {sku}
                  </Text>
                  <Text as="bdi" dir="ltr" fontWeight="semibold" color={entry.delta < 0 ? 'red.fg' : 'green.fg'}>
                    {entry.delta > 0 ? '+' : '−'}
                    {formatNumber(Math.abs(entry.delta), locale)}
                  </Text>
                  <Text>{t`now ${formatNumber(entry.quantityAfter, locale)}`}</Text>
                  <Text color="fg.muted">{entry.reason}</Text>
                </HStack>
              );
            })}
          </Card.Body>
        </Card.Root>
      )}
      <HStack justify="end">
        <Button colorPalette="brand" type="submit" loading={save.isPending}>
          {t`Save`}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The collections the product is in: any number of them, chosen from those the admin made. */
function ProductCollections({ chosen, onChange }: { chosen: number[]; onChange(ids: number[]): void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const helpId = useId();
  const collections = useQuery(trpc.storeAdmin.collections.queryOptions());
  return (
    <Card.Root>
      {/* A group named by its title (Chakra's Fieldset has no recipe in the theme). */}
      <Card.Body role="group" gap="3" aria-labelledby={`${helpId}-title`} aria-describedby={helpId}>
        <Text id={`${helpId}-title`} fontWeight="semibold">
          {t`Collections`}
        </Text>
        <Text id={helpId} fontSize="sm" color="fg.muted" mt="-2">
          {t`The store's shoppers find the product in each collection chosen here.`}
        </Text>
        {collections.isPending ? (
          <Skeleton height="8" rounded="md" />
        ) : (collections.data ?? []).length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{t`No collections yet: add them under Store collections.`}</Text>
        ) : (
          <CheckboxGroup value={chosen.map(String)} onValueChange={(values) => onChange(values.map(Number))}>
            <HStack gap="3" columnGap="6" wrap="wrap">
              {collections.data!.map((collection) => (
                <Checkbox.Root key={collection.id} value={String(collection.id)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{localized(locale, collection.nameAr, collection.nameEn)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </CheckboxGroup>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The product's pictures; a new one is uploaded and made into the grid's and the gallery's sizes. */
function ProductImages({ productId, images }: { productId: number; images: { id: number; url: string }[] }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const locale = activeLocale();
  const [removing, setRemoving] = useState<number | null>(null);
  // The product's form and list (its main picture), and the store's pages, show the pictures.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.product.queryKey({ id: productId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.products.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.store.pathKey() });
  };
  const reorder = useMutation(
    trpc.storeAdmin.reorderProductImages.mutationOptions({
      onSuccess: refresh,
      onError: (error) => {
        notify.error({ title: t`The order was not saved`, description: errorMessage(i18n, error) });
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.storeAdmin.deleteProductImage.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Picture removed` });
        setRemoving(null);
        refresh();
      },
      onError: (error) => notify.error({ title: t`The picture was not removed`, description: errorMessage(i18n, error) }),
    }),
  );
  const move = (index: number, by: -1 | 1) => {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    // Shown at once; the refetch puts it back if the server refuses.
    queryClient.setQueryData(trpc.storeAdmin.product.queryKey({ id: productId }), (current) =>
      current ? { ...current, images: ids.map((id) => images.find((image) => image.id === id)!) } : current,
    );
    reorder.mutate({ productId, imageIds: ids });
  };
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.set('productId', String(productId));
      body.set('file', file);
      const response = await fetch('/files/store-images', { method: 'POST', body, credentials: 'same-origin' });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { appCode?: string } } | null;
        throw Object.assign(new Error('upload failed'), { data: { appCode: answer?.error?.appCode } });
      }
      notify.success({ title: t`Picture added` });
      refresh();
    } catch (error) {
      notify.error({ title: t`The picture was not added`, description: errorMessage(i18n, error) });
    } finally {
      setUploading(false);
    }
  };
  return (
    <Card.Root data-testid="product-pictures">
      <Card.Header>
        <Text fontWeight="semibold">{t`Pictures`}</Text>
        <Text fontSize="sm" color="fg.muted">{t`JPEG, PNG or WebP up to 8 MB. The first picture is the one the store's grid shows.`}</Text>
      </Card.Header>
      <Card.Body gap="4">
        {images.length > 0 && (
          <HStack as="ol" listStyleType="none" gap="4" wrap="wrap" align="start" aria-label={t`Pictures in the gallery's order`}>
            {images.map((image, index) => {
              const position = formatNumber(index + 1, locale);
              return (
                <Stack as="li" key={image.id} gap="1.5" align="center" data-testid="product-image-tile">
                  <Box position="relative">
                    <Image
                      src={image.url}
                      alt={t`Picture ${position}`}
                      boxSize="28"
                      objectFit="cover"
                      rounded="md"
                      borderWidth="1px"
                      data-testid="product-image"
                    />
                    {index === 0 && (
                      <Badge position="absolute" insetStart="1" top="1" colorPalette="brand" variant="solid" size="sm">
                        {t`Main picture`}
                      </Badge>
                    )}
                  </Box>
                  <HStack gap="0.5">
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t`Move picture ${position} earlier`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <DirectionalIcon asChild>
                        <ArrowLeft aria-hidden />
                      </DirectionalIcon>
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t`Move picture ${position} later`}
                      disabled={index === images.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <DirectionalIcon asChild>
                        <ArrowRight aria-hidden />
                      </DirectionalIcon>
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t`Remove picture ${position}`}
                      onClick={() => setRemoving(image.id)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </HStack>
                </Stack>
              );
            })}
          </HStack>
        )}
        <Field.Root>
          <Field.Label>{t`Add a picture`}</Field.Label>
          <Input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading}
            py="1.5"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Field.Root>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        testId="remove-picture-dialog"
        title={t`Remove this picture?`}
        description={t`It leaves the product's gallery in the store and is deleted.`}
        keepLabel={t`Keep it`}
        actionLabel={t`Remove the picture`}
        busy={remove.isPending}
        onKeep={() => setRemoving(null)}
        onConfirm={() => removing !== null && remove.mutate({ imageId: removing })}
      />
    </Card.Root>
  );
}

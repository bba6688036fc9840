import { Alert, Field, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { typedNumber } from '../../../shared/digits.ts';
import { PACKAGE_MEMBERS_MIN } from '../../../shared/package-schemas.ts';
import { LAB_TEST_PRICE_MAX } from '../../../shared/schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage, type FieldLimits, fieldError, fieldMessage } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { PackageTestsPicker } from './package-tests-picker.tsx';

export type LabPackage = RouterOutputs['packages']['mine'][number];

type Suits = 'anyone' | 'female' | 'male';

interface PackageForm {
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  preparationAr: string;
  preparationEn: string;
  categoryId: string;
  testIds: number[];
  price: string;
  suits: Suits;
  minAge: string;
  maxAge: string;
}
type FormField = Exclude<keyof PackageForm, 'suits'> | 'suitsSex';

const blank = (): PackageForm => ({
  nameAr: '',
  nameEn: '',
  descriptionAr: '',
  descriptionEn: '',
  preparationAr: '',
  preparationEn: '',
  categoryId: '',
  testIds: [],
  price: '',
  suits: 'anyone',
  minAge: '',
  maxAge: '',
});

const formOf = (item: LabPackage): PackageForm => ({
  nameAr: item.name_ar,
  nameEn: item.name_en,
  descriptionAr: item.description_ar,
  descriptionEn: item.description_en,
  preparationAr: item.preparation_ar,
  preparationEn: item.preparation_en,
  categoryId: String(item.category_id),
  testIds: item.members.map((member) => member.test_id),
  price: item.price.toFixed(2),
  suits: item.suits_sex ?? 'anyone',
  minAge: item.min_age === null ? '' : String(item.min_age),
  maxAge: item.max_age === null ? '' : String(item.max_age),
});

/** What the admin approves: everything but the price (a new price alone stays on sale, ADR 0091). */
const contentOf = ({ price: _price, ...content }: PackageForm) => JSON.stringify(content);

/** A typed price from 1 SAR up, at most two decimals, in any digits; null otherwise. */
function parsedPrice(text: string): number | null {
  const value = typedNumber(text);
  if (value === null || value < 1 || value > LAB_TEST_PRICE_MAX) return null;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? value : null;
}

/** An age as typed (empty: no bound), in any digits; undefined when it is not a whole number. */
function parsedAge(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const value = typedNumber(text);
  return value !== null && Number.isInteger(value) ? value : undefined;
}

const limits: Partial<Record<FormField, FieldLimits>> = {
  nameAr: { min: 2, max: 150 },
  nameEn: { min: 2, max: 150 },
  descriptionAr: { max: 2000 },
  descriptionEn: { max: 2000 },
  preparationAr: { max: 1000 },
  preparationEn: { max: 1000 },
};

/**
 * A new package or a change to one (issue #79 item 1): its names, descriptions and preparation in both
 * languages, its category, its catalogue tests, its price and whom it suits. The server checks it and
 * says what is wrong by the field; what was typed stays. Changing what an approved package holds sends
 * it back to review, off sale, and the dialog says so before it is saved.
 */
export function PackageFormDialog({ open, editing, onClose }: { open: boolean; editing: LabPackage | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const categories = useQuery({ ...trpc.catalog.categories.queryOptions(), enabled: open });
  const catalogue = useQuery({ ...trpc.packages.catalogue.queryOptions(), enabled: open });
  const [form, setForm] = useState(blank);
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  const save = useMutation(
    trpc.packages.save.mutationOptions({
      onSuccess: (saved) => {
        notify.success({
          title: saved.status === 'pending' ? t`The package is saved and sent for review.` : t`The package is saved.`,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.packages.mine.queryKey() });
        onClose();
      },
    }),
  );
  useEffect(() => {
    if (!open) return;
    setForm(editing ? formOf(editing) : blank());
    setProblems({});
    save.reset();
  }, [open, editing, save.reset]);

  const backToReview = editing !== null && editing.status !== 'pending' && contentOf(form) !== contentOf(formOf(editing));
  const set = (field: Exclude<keyof PackageForm, 'testIds'>) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parsedPrice(form.price);
    const minAge = parsedAge(form.minAge);
    const maxAge = parsedAge(form.maxAge);
    const invalid = fieldMessage(i18n, 'invalid');
    const found: Partial<Record<FormField, string>> = {};
    if (price === null) found.price = form.price.trim() ? invalid : fieldMessage(i18n, 'required');
    if (minAge === undefined) found.minAge = invalid;
    if (maxAge === undefined) found.maxAge = invalid;
    for (const field of ['nameAr', 'nameEn'] as const) {
      const length = form[field].trim().length;
      if (length < 2) found[field] = length === 0 ? fieldMessage(i18n, 'required') : fieldMessage(i18n, 'too_short', limits[field]);
    }
    if (!form.categoryId) found.categoryId = fieldMessage(i18n, 'required');
    if (form.testIds.length < PACKAGE_MEMBERS_MIN) found.testIds = t`Choose at least ${formatNumber(PACKAGE_MEMBERS_MIN, locale)} tests.`;
    setProblems(found);
    if (Object.keys(found).length > 0 || price === null || minAge === undefined || maxAge === undefined) return;
    save.mutate({
      ...(editing && { id: editing.id }),
      nameAr: form.nameAr,
      nameEn: form.nameEn,
      descriptionAr: form.descriptionAr,
      descriptionEn: form.descriptionEn,
      preparationAr: form.preparationAr,
      preparationEn: form.preparationEn,
      categoryId: Number(form.categoryId),
      testIds: form.testIds,
      price,
      suitsSex: form.suits === 'anyone' ? null : form.suits,
      minAge,
      maxAge,
    });
  };

  const serverProblem = (field: FormField): string | undefined => {
    if (!save.error) return undefined;
    return fieldError(i18n, save.error, field, limits[field]);
  };
  const problem = (field: FormField) => problems[field] ?? serverProblem(field);
  const fields: FormField[] = [
    'nameAr',
    'nameEn',
    'descriptionAr',
    'descriptionEn',
    'preparationAr',
    'preparationEn',
    'categoryId',
    'testIds',
    'price',
    'suitsSex',
    'minAge',
    'maxAge',
  ];
  const refusal = save.error && !fields.some((field) => serverProblem(field)) ? errorMessage(i18n, save.error) : undefined;

  const textField = (field: 'nameAr' | 'nameEn', label: string, dir: 'rtl' | 'ltr') => (
    <Field.Root invalid={Boolean(problem(field))} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input dir={dir} value={form[field]} onChange={set(field)} maxLength={150} />
      <Field.ErrorText>{problem(field)}</Field.ErrorText>
    </Field.Root>
  );
  const longField = (
    field: 'descriptionAr' | 'descriptionEn' | 'preparationAr' | 'preparationEn',
    label: string,
    dir: 'rtl' | 'ltr',
    helper?: string,
  ) => (
    <Field.Root invalid={Boolean(problem(field))}>
      <Field.Label>{label}</Field.Label>
      <Textarea dir={dir} value={form[field]} onChange={set(field)} rows={3} autoresize />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{problem(field)}</Field.ErrorText>
    </Field.Root>
  );

  const ready = categories.data && catalogue.data;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      testId="package-form"
      title={editing ? t`Edit the package` : t`New package`}
      onSubmit={submit}
      submit={{
        label: editing ? (backToReview ? t`Save and send for review` : t`Save`) : t`Send for review`,
        pending: save.isPending,
        disabled: !ready,
        testId: 'package-save',
      }}
    >
      {categories.isError || catalogue.isError ? (
        <ErrorState
          title={t`The catalogue could not be loaded`}
          error={categories.error ?? catalogue.error}
          onRetry={() => {
            void categories.refetch();
            void catalogue.refetch();
          }}
        />
      ) : !ready ? (
        <Skeleton height="80" rounded="md" />
      ) : (
        <Stack gap="5">
          {!editing && (
            <Text fontSize="sm" color="fg.muted">
              {t`The admin reviews a new package before patients can book it.`}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {textField('nameAr', t`Name in Arabic`, 'rtl')}
            {textField('nameEn', t`Name in English`, 'ltr')}
            {longField('descriptionAr', t`Description in Arabic`, 'rtl')}
            {longField('descriptionEn', t`Description in English`, 'ltr')}
          </SimpleGrid>
          <Field.Root invalid={Boolean(problem('categoryId'))} required>
            <Field.Label>
              {t`Category`}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.categoryId} onChange={set('categoryId')}>
                <option value="">{t`Choose a category`}</option>
                {categories.data.map((category) => (
                  <option key={category.id} value={category.id}>
                    {localized(locale, category.name_ar, category.name_en)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('categoryId')}</Field.ErrorText>
          </Field.Root>
          <PackageTestsPicker
            tests={catalogue.data}
            chosen={form.testIds}
            onChange={(testIds) => setForm((current) => ({ ...current, testIds }))}
            error={problem('testIds')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(problem('price'))} required>
              <Field.Label>
                {t`Price (SAR, VAT included)`}
                <Field.RequiredIndicator />
              </Field.Label>
              <NumericInput inputMode="decimal" dir="ltr" value={form.price} onChange={set('price')} data-testid="package-price" />
              <Field.ErrorText>{problem('price')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem('suitsSex'))}>
              <Field.Label>{t`Who it suits`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={form.suits} onChange={set('suits')}>
                  <option value="anyone">{t`Anyone`}</option>
                  <option value="female">{t`Women`}</option>
                  <option value="male">{t`Men`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{problem('suitsSex')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem('minAge'))}>
              <Field.Label>{t`From age (optional)`}</Field.Label>
              <NumericInput inputMode="numeric" dir="ltr" value={form.minAge} onChange={set('minAge')} />
              <Field.ErrorText>{problem('minAge')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem('maxAge'))}>
              <Field.Label>{t`Up to age (optional)`}</Field.Label>
              <NumericInput inputMode="numeric" dir="ltr" value={form.maxAge} onChange={set('maxAge')} />
              <Field.ErrorText>{problem('maxAge')}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {longField(
              'preparationAr',
              t`Preparation in Arabic (optional)`,
              'rtl',
              t`Left empty, patients see the preparation of the strictest test in the package.`,
            )}
            {longField('preparationEn', t`Preparation in English (optional)`, 'ltr')}
          </SimpleGrid>
          {backToReview && (
            <Alert.Root status="warning" data-testid="package-back-to-review">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>
                  {t`This change goes back to the admin for review: the package is off sale until it is approved again. A new price alone keeps it on sale.`}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {refusal && (
            <Text color="fg.error" role="alert">
              {refusal}
            </Text>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}

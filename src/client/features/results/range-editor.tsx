import { Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { AGE_UNITS, type AgeUnit, RANGE_SEXES, type RangeSex, saveLabRangeInput, saveRangeInput } from '../../../shared/analyte-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { errorCode, errorDetails, errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { fieldIssues } from '../../lib/field-issues.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit, formatRange, withUnit } from '../../lib/report-format.ts';

/**
 * A reference interval or critical limit as the admin's and the lab's screens show and edit it: who it
 * is for (sex, age band, a condition such as a cycle phase), its bounds and unit, and, for a published
 * one, its source. The server checks the unit by UCUM; its refusals show at their fields here.
 */

export interface EditableRange {
  id: number;
  sex: RangeSex;
  ageLow: number;
  ageHigh: number | null;
  ageUnit: AgeUnit;
  conditionEn: string | null;
  conditionAr: string | null;
  low: number | null;
  high: number | null;
  unit: string;
  source?: string;
}

/** What the dialog sends: the form's fields as typed (the shared schema reads Arabic-Indic digits and a decimal comma). */
export interface RangeFormValues {
  id?: number;
  sex: RangeSex;
  ageLow: string;
  ageHigh: string;
  ageUnit: AgeUnit;
  conditionEn: string;
  conditionAr: string;
  low: string;
  high: string;
  unit: string;
  source?: string;
}

type FormField = Exclude<keyof RangeFormValues, 'id'>;
const FORM_FIELDS: FormField[] = ['sex', 'ageLow', 'ageHigh', 'ageUnit', 'conditionEn', 'conditionAr', 'low', 'high', 'unit', 'source'];

function useRangeWords() {
  const { t } = useLingui();
  const sexes: Record<RangeSex, string> = { any: t`Both sexes`, male: t`Males`, female: t`Females` };
  /** An age's unit after a number ("18–50 years"). */
  const ageUnits: Record<AgeUnit, string> = { d: t`days`, wk: t`weeks`, mo: t`months`, a: t`years` };
  /** The unit chosen for a range's ages. */
  const ageUnitChoices: Record<AgeUnit, string> = { d: t`Days`, wk: t`Weeks`, mo: t`Months`, a: t`Years` };
  return { sexes, ageUnits, ageUnitChoices };
}

/** Numbers set left to right inside either language: "18–50" is not reordered in Arabic. */
const leftToRight = (text: string) => `\u2066${text}\u2069`;

/** Who a range is for, in words: "Females, aged 18–50 years · follicular phase". */
export function RangePopulation({ range }: { range: EditableRange }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { sexes, ageUnits } = useRangeWords();
  const unit = ageUnits[range.ageUnit];
  const low = leftToRight(formatNumber(range.ageLow, locale));
  const high = range.ageHigh === null ? null : leftToRight(formatNumber(range.ageHigh, locale));
  const span = leftToRight(`${formatNumber(range.ageLow, locale)}–${range.ageHigh === null ? '' : formatNumber(range.ageHigh, locale)}`);
  const ages =
    high === null
      ? range.ageLow === 0
        ? t`all ages`
        : t`aged ${low} ${unit} and older`
      : range.ageLow === 0
        ? t`aged under ${high} ${unit}`
        : t`aged ${span} ${unit}`;
  const condition = locale === 'ar' ? range.conditionAr : range.conditionEn;
  const who = sexes[range.sex];
  return (
    <Text as="span">
      {t`${who}, ${ages}`}
      {condition && (
        <Text as="span" color="fg.muted">
          {' · '}
          <bdi>{condition}</bdi>
        </Text>
      )}
    </Text>
  );
}

/** A range's bounds with its unit, left to right inside either language: "3.5–5.1 mmol/L", "≤ 200 mg/dL". */
export function RangeBounds({ range }: { range: Pick<EditableRange, 'low' | 'high' | 'unit'> }) {
  const locale = activeLocale();
  const text = formatRange(range, null, locale) ?? '—';
  return (
    <Text as="bdi" dir="ltr" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {withUnit(text, range.unit)}
    </Text>
  );
}

const blank = (unit: string, withSource: boolean): RangeFormValues => ({
  sex: 'any',
  ageLow: '0',
  ageHigh: '',
  ageUnit: 'a',
  conditionEn: '',
  conditionAr: '',
  low: '',
  high: '',
  unit,
  ...(withSource ? { source: '' } : {}),
});

const asForm = (range: EditableRange, withSource: boolean): RangeFormValues => ({
  id: range.id,
  sex: range.sex,
  ageLow: String(range.ageLow),
  ageHigh: range.ageHigh === null ? '' : String(range.ageHigh),
  ageUnit: range.ageUnit,
  conditionEn: range.conditionEn ?? '',
  conditionAr: range.conditionAr ?? '',
  low: range.low === null ? '' : String(range.low),
  high: range.high === null ? '' : String(range.high),
  unit: range.unit,
  ...(withSource ? { source: range.source ?? '' } : {}),
});

/**
 * Adds or changes a range in a dialog. `editing` is the range changed, `'new'` for a new one, null when
 * closed. The caller owns the mutation (`onSave`, `saving`, `error`); the dialog checks the fields with
 * the server's own schema first and shows the server's refusals at their fields.
 */
export function RangeDialog({
  editing,
  title,
  analyteId,
  analyteUnit,
  withSource,
  saving,
  error,
  onSave,
  onClose,
}: {
  editing: EditableRange | 'new' | null;
  title: string;
  analyteId: number;
  analyteUnit: string;
  withSource: boolean;
  saving: boolean;
  error: unknown;
  onSave: (values: RangeFormValues & { analyteId: number }) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { sexes, ageUnitChoices } = useRangeWords();
  const [form, setForm] = useState(() => blank(analyteUnit, withSource));
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  useEffect(() => {
    if (editing === null) return;
    setForm(editing === 'new' ? blank(analyteUnit, withSource) : asForm(editing, withSource));
    setProblems({});
  }, [editing, analyteUnit, withSource]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schema = withSource ? saveRangeInput : saveLabRangeInput;
    const values = { ...form, analyteId };
    const issues = fieldIssues(schema, values);
    setProblems(Object.fromEntries(Object.entries(issues).map(([field, key]) => [field, fieldMessage(i18n, key)])));
    if (Object.keys(issues).length === 0) onSave(values);
  };

  /** The server's word on a field: a schema's, a unit UCUM refused, or another range for the same people. */
  const serverProblem = (field: FormField): string | undefined => {
    if (!error) return undefined;
    const code = errorCode(error);
    const details = errorDetails(error);
    if (field === 'unit' && code === 'VALIDATION_FAILED' && Array.isArray(details?.fields) && details.fields.includes('unit')) {
      return details.reason === 'unknown_unit'
        ? t`UCUM does not know this unit. Write it as a UCUM code, such as mmol/L, mg/dL or 10*3/uL.`
        : t`This unit cannot be converted to ${displayUnit(analyteUnit)}. Use a unit of the same kind.`;
    }
    if (field === 'ageLow' && code === 'CONFLICT' && details?.reason === 'range_overlaps') {
      return t`Another range is already written for these people (the same sex and condition, with ages that overlap). Change that one instead.`;
    }
    return fieldError(i18n, error, field);
  };
  const problem = (field: FormField) => problems[field] ?? serverProblem(field);
  const shownAtAField = FORM_FIELDS.some((field) => serverProblem(field) !== undefined);
  const refusal = error && !shownAtAField ? errorMessage(i18n, error) : undefined;
  const set = (field: FormField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      testId="range-dialog"
      title={title}
      onSubmit={submit}
      submit={{ label: t`Save the range`, pending: saving }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('sex'))}>
            <Field.Label>{t`For`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.sex} onChange={set('sex')}>
                {RANGE_SEXES.map((sex) => (
                  <option key={sex} value={sex}>
                    {sexes[sex]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('sex')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('ageUnit'))}>
            <Field.Label>{t`Age unit`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.ageUnit} onChange={set('ageUnit')}>
                {AGE_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {ageUnitChoices[unit]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('ageUnit')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('ageLow'))} required>
            <Field.Label>
              {t`From age`}
              <Field.RequiredIndicator />
            </Field.Label>
            <NumericInput inputMode="numeric" dir="ltr" autoComplete="off" value={form.ageLow} onChange={set('ageLow')} />
            <Field.ErrorText>{problem('ageLow')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('ageHigh'))}>
            <Field.Label>{t`Up to age (not included)`}</Field.Label>
            <NumericInput inputMode="numeric" dir="ltr" autoComplete="off" value={form.ageHigh} onChange={set('ageHigh')} />
            <Field.HelperText>{t`Leave empty for no upper age.`}</Field.HelperText>
            <Field.ErrorText>{problem('ageHigh')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('low'))}>
            <Field.Label>{t`Low end`}</Field.Label>
            <NumericInput inputMode="decimal" dir="ltr" autoComplete="off" value={form.low} onChange={set('low')} />
            <Field.ErrorText>{problem('low')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('high'))}>
            <Field.Label>{t`High end`}</Field.Label>
            <NumericInput inputMode="decimal" dir="ltr" autoComplete="off" value={form.high} onChange={set('high')} />
            <Field.ErrorText>{problem('high')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t`Both ends are included. Leave one empty for a one-sided range, such as below 200.`}
        </Text>
        <Field.Root invalid={Boolean(problem('unit'))} required>
          <Field.Label>
            {t`Unit (UCUM code)`}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input dir="ltr" autoComplete="off" spellCheck={false} value={form.unit} onChange={set('unit')} />
          <Field.HelperText>
            {t`The analyte is measured in ${displayUnit(analyteUnit)}; a range in another unit must convert to it.`}
          </Field.HelperText>
          <Field.ErrorText>{problem('unit')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('conditionAr'))}>
            <Field.Label>{t`Condition in Arabic (optional)`}</Field.Label>
            <Input dir="rtl" value={form.conditionAr} onChange={set('conditionAr')} />
            <Field.ErrorText>{problem('conditionAr')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('conditionEn'))}>
            <Field.Label>{t`Condition in English (optional)`}</Field.Label>
            <Input dir="ltr" value={form.conditionEn} onChange={set('conditionEn')} />
            <Field.ErrorText>{problem('conditionEn')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t`A range with a condition (a cycle phase, a sampling time) is shown for reference; values are judged by the ranges without one.`}
        </Text>
        {withSource && (
          <Field.Root invalid={Boolean(problem('source'))} required>
            <Field.Label>
              {t`Published source`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="auto" value={form.source ?? ''} onChange={set('source')} />
            <Field.HelperText>{t`Where the numbers come from: a method sheet, a textbook and edition, or a guideline.`}</Field.HelperText>
            <Field.ErrorText>{problem('source')}</Field.ErrorText>
          </Field.Root>
        )}
        {refusal && (
          <Text color="fg.error" role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

import { Button, Field, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ANALYTE_DECIMALS_MAX, createAnalyteInput } from '../../../shared/analyte-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorDetails, errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { fieldIssues } from '../../lib/field-issues.ts';
import { trpc } from '../../lib/trpc.ts';

type Normal = 'normal' | 'abnormal' | 'neither';
interface AnswerRow {
  en: string;
  ar: string;
  normal: Normal;
}

const blank = () => ({
  loinc: '',
  nameAr: '',
  nameEn: '',
  kind: 'numeric' as 'numeric' | 'text',
  unit: '',
  decimals: '1',
  answers: [] as AnswerRow[],
});
type FormField = 'loinc' | 'nameAr' | 'nameEn' | 'kind' | 'unit' | 'decimals' | 'answers';

const normalValue = { normal: true, abnormal: false, neither: null } as const;

/**
 * A new analyte: its LOINC code (the check digit is checked), its names, and a UCUM unit and precision
 * for a number or the answers a text result allows. Its intervals are added once it exists.
 */
export function CreateAnalyteDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(blank);
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  const create = useMutation(
    trpc.analytes.create.mutationOptions({
      onSuccess: ({ id }) => {
        notify.success({ title: t`Analyte added` });
        void queryClient.invalidateQueries({ queryKey: trpc.analytes.list.pathKey() });
        onCreated(id);
      },
    }),
  );
  useEffect(() => {
    if (!open) return;
    setForm(blank());
    setProblems({});
    create.reset();
  }, [open, create.reset]);

  const values = () => ({
    loinc: form.loinc,
    nameAr: form.nameAr,
    nameEn: form.nameEn,
    kind: form.kind,
    unit: form.kind === 'numeric' ? form.unit : null,
    decimals: form.kind === 'numeric' ? form.decimals : null,
    answers:
      form.kind === 'text' ? form.answers.map((answer) => ({ en: answer.en, ar: answer.ar, normal: normalValue[answer.normal] })) : [],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = values();
    const issues = fieldIssues(createAnalyteInput, input);
    setProblems(Object.fromEntries(Object.entries(issues).map(([field, key]) => [field, fieldMessage(i18n, key)])));
    if (Object.keys(issues).length === 0) create.mutate(input);
  };

  const serverProblem = (field: FormField): string | undefined => {
    const error = create.error;
    if (!error) return undefined;
    const details = errorDetails(error);
    if (field === 'loinc' && errorCode(error) === 'CONFLICT' && details?.reason === 'loinc_taken')
      return t`An analyte with this LOINC code already exists.`;
    if (field === 'unit' && details?.reason === 'unknown_unit')
      return t`UCUM does not know this unit. Write it as a UCUM code, such as mmol/L, mg/dL or 10*3/uL.`;
    if (field === 'answers' && details?.reason === 'answer_repeated') return t`Each answer must be different.`;
    return fieldError(i18n, error, field);
  };
  const problem = (field: FormField) => problems[field] ?? serverProblem(field);
  const shownAtAField = (['loinc', 'nameAr', 'nameEn', 'kind', 'unit', 'decimals', 'answers'] as const).some((field) =>
    serverProblem(field),
  );
  const refusal = create.error && !shownAtAField ? errorMessage(i18n, create.error) : undefined;
  const set = (field: Exclude<FormField, 'answers'>) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const setAnswer = (index: number, change: Partial<AnswerRow>) =>
    setForm((current) => ({
      ...current,
      answers: current.answers.map((answer, at) => (at === index ? { ...answer, ...change } : answer)),
    }));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      testId="create-analyte-dialog"
      title={t`Add an analyte`}
      onSubmit={submit}
      submit={{ label: t`Add the analyte`, pending: create.isPending }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('loinc'))} required>
            <Field.Label>
              {t`LOINC code`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="ltr" autoComplete="off" spellCheck={false} placeholder="2823-3" value={form.loinc} onChange={set('loinc')} />
            <Field.ErrorText>{problem('loinc')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('kind'))}>
            <Field.Label>{t`Result type`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.kind} onChange={set('kind')}>
                <option value="numeric">{t`A number with a unit`}</option>
                <option value="text">{t`One of a list of answers`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('nameAr'))} required>
            <Field.Label>
              {t`Name in Arabic`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="rtl" value={form.nameAr} onChange={set('nameAr')} />
            <Field.ErrorText>{problem('nameAr')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('nameEn'))} required>
            <Field.Label>
              {t`Name in English`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="ltr" value={form.nameEn} onChange={set('nameEn')} />
            <Field.ErrorText>{problem('nameEn')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        {form.kind === 'numeric' ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={Boolean(problem('unit'))} required>
              <Field.Label>
                {t`Unit (UCUM code)`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input dir="ltr" autoComplete="off" spellCheck={false} placeholder="mmol/L" value={form.unit} onChange={set('unit')} />
              <Field.HelperText>{t`It cannot be changed later: values are judged and kept in it.`}</Field.HelperText>
              <Field.ErrorText>{problem('unit')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem('decimals'))} required>
              <Field.Label>
                {t`Decimals shown`}
                <Field.RequiredIndicator />
              </Field.Label>
              <NumericInput inputMode="numeric" dir="ltr" value={form.decimals} onChange={set('decimals')} />
              <Field.HelperText>{t`From 0 to ${ANALYTE_DECIMALS_MAX}.`}</Field.HelperText>
              <Field.ErrorText>{problem('decimals')}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        ) : (
          <Field.Root invalid={Boolean(problem('answers'))}>
            <Field.Label>{t`Answers`}</Field.Label>
            <Stack gap="3" width="full">
              {form.answers.map((answer, index) => (
                <SimpleGrid key={index} columns={{ base: 1, sm: 4 }} gap="2" alignItems="center">
                  <Input
                    dir="rtl"
                    aria-label={t`Answer ${index + 1} in Arabic`}
                    placeholder={t`In Arabic`}
                    value={answer.ar}
                    onChange={(event) => setAnswer(index, { ar: event.target.value })}
                  />
                  <Input
                    dir="ltr"
                    aria-label={t`Answer ${index + 1} in English`}
                    placeholder={t`In English`}
                    value={answer.en}
                    onChange={(event) => setAnswer(index, { en: event.target.value })}
                  />
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      aria-label={t`Answer ${index + 1} is`}
                      value={answer.normal}
                      onChange={(event) => setAnswer(index, { normal: event.target.value as Normal })}
                    >
                      <option value="normal">{t`Expected in health`}</option>
                      <option value="abnormal">{t`Flagged`}</option>
                      <option value="neither">{t`Neither (e.g. a blood group)`}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <IconButton
                    variant="ghost"
                    colorPalette="red"
                    size="sm"
                    aria-label={t`Remove answer ${index + 1}`}
                    onClick={() => setForm((current) => ({ ...current, answers: current.answers.filter((_, at) => at !== index) }))}
                  >
                    <Trash2 aria-hidden />
                  </IconButton>
                </SimpleGrid>
              ))}
              <HStack>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setForm((current) => ({ ...current, answers: [...current.answers, { en: '', ar: '', normal: 'normal' }] }))
                  }
                >
                  <Plus aria-hidden /> {t`Add an answer`}
                </Button>
              </HStack>
            </Stack>
            <Field.ErrorText>{problem('answers')}</Field.ErrorText>
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

import { Box, Button, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { MessageSquarePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { RESULT_COMMENT_MAX, RESULT_VALUE_MAX } from '../../../shared/result-schemas.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit, formatRange } from '../../lib/report-format.ts';
import { type PatientSex, type RowEntry, rangesFor, type SavedFlag, type SheetAnalyte, shownFlag } from './result-entry.ts';
import { ResultFlagBadge } from './result-flag.tsx';

/**
 * One analyte of the result form: its name (with its LOINC code), the value (a number in any unit the
 * server converts, or one of its answers), the flag as it is typed, the range it is judged by, and a
 * comment that opens on demand. A problem the server found with this value shows here.
 */
export function ResultRow({
  analyte,
  entry,
  sex,
  saved,
  problem,
  onChange,
}: {
  analyte: SheetAnalyte;
  entry: RowEntry;
  sex: PatientSex;
  saved: SavedFlag | undefined;
  problem: string | undefined;
  onChange: (change: Partial<RowEntry>) => void;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const id = useId();
  const [commentOpened, setCommentOpened] = useState(false);
  const commentInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (commentOpened) commentInput.current?.focus();
  }, [commentOpened]);
  const name = localized(locale, analyte.name.ar, analyte.name.en);
  const { reading, flag, shown } = shownFlag(analyte, entry, sex, saved);
  const problemText = problem ?? (reading.state === 'not_a_number' ? t`Enter a number, such as 4.5, ٤٫٥ or <0.5.` : undefined);
  const { range } = rangesFor(analyte, sex);
  const ownUnit = displayUnit(analyte.unit);
  const units = [
    ...analyte.units.map((unit) => unit.code),
    ...(entry.unit && !analyte.units.some((unit) => unit.code === entry.unit) ? [entry.unit] : []),
  ];
  const answerTyped = entry.value !== '' && !analyte.answers.some((answer) => answer.en === entry.value);
  const describedBy = [problemText && `${id}-problem`, analyte.kind === 'numeric' && `${id}-range`].filter(Boolean).join(' ') || undefined;

  return (
    <Box as="li" py="3" data-testid="result-row" data-loinc={analyte.loinc}>
      <Grid
        templateColumns={{ base: '1fr', md: 'minmax(0, 1.3fr) minmax(0, 1.4fr) minmax(0, 1.2fr)' }}
        gap={{ base: '2', md: '4' }}
        alignItems="start"
      >
        <Stack gap="0" minWidth="0">
          <Text fontWeight="medium" id={`${id}-name`}>
            {name}
            {analyte.required && (
              <Text as="span" color="fg.error" aria-hidden>
                {' *'}
              </Text>
            )}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            LOINC{' '}
            <Text as="bdi" dir="ltr" fontFamily="mono">
              {analyte.loinc}
            </Text>
          </Text>
        </Stack>

        <Stack gap="1" minWidth="0">
          {analyte.kind === 'numeric' ? (
            <HStack gap="2" align="start">
              <NumericInput
                flex="1"
                minWidth="0"
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                maxLength={RESULT_VALUE_MAX}
                value={entry.value}
                onChange={(event) => onChange({ value: event.target.value })}
                aria-labelledby={`${id}-name`}
                aria-invalid={Boolean(problemText)}
                aria-describedby={describedBy}
                data-testid="result-value"
              />
              {units.length > 1 ? (
                <NativeSelect.Root width="auto" flexShrink={0}>
                  <NativeSelect.Field
                    dir="ltr"
                    value={entry.unit ?? ''}
                    onChange={(event) => onChange({ unit: event.currentTarget.value })}
                    aria-label={t`Unit of ${name}`}
                    data-testid="result-unit"
                  >
                    {units.map((code) => (
                      <option key={code} value={code}>
                        {displayUnit(code) || code}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : (
                ownUnit && (
                  <Text as="bdi" dir="ltr" alignSelf="center" fontSize="sm" color="fg.muted" flexShrink={0} data-testid="result-unit">
                    {ownUnit}
                  </Text>
                )
              )}
            </HStack>
          ) : (
            <NativeSelect.Root>
              <NativeSelect.Field
                value={entry.value}
                onChange={(event) => onChange({ value: event.currentTarget.value })}
                aria-labelledby={`${id}-name`}
                aria-invalid={Boolean(problemText)}
                aria-describedby={describedBy}
                data-testid="result-answer"
              >
                <option value="">{t`Choose an answer`}</option>
                {analyte.answers.map((answer) => (
                  <option key={answer.en} value={answer.en}>
                    {locale === 'ar' ? answer.ar : answer.en}
                  </option>
                ))}
                {answerTyped && <option value={entry.value}>{entry.value}</option>}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          {problemText && (
            <Text id={`${id}-problem`} fontSize="sm" color="fg.error" data-testid="result-row-problem">
              {problemText}
            </Text>
          )}
        </Stack>

        <Stack gap="1" align="start" minWidth="0" aria-live="polite">
          {shown && <ResultFlagBadge flag={flag} />}
          {analyte.kind === 'numeric' && (
            <Text id={`${id}-range`} fontSize="sm" color="fg.muted">
              {range ? (
                <>
                  {analyte.rangeOrigin === 'lab' ? t`Your lab's range:` : t`Published range:`}{' '}
                  <Text as="bdi" dir="ltr" color="fg">
                    {`${formatRange(range, analyte.decimals, locale) ?? ''} ${ownUnit}`.trim()}
                  </Text>
                </>
              ) : (
                t`No reference range for this patient`
              )}
            </Text>
          )}
          {reading.state === 'judged' && reading.inAnalyteUnit !== null && entry.unit !== null && entry.unit !== analyte.unit && (
            <Text fontSize="sm" color="fg.muted">
              {t`In ${ownUnit}:`}{' '}
              <Text as="bdi" dir="ltr">
                {formatNumber(reading.inAnalyteUnit, locale)}
              </Text>
            </Text>
          )}
        </Stack>
      </Grid>

      {commentOpened || entry.comment !== '' ? (
        <Input
          ref={commentInput}
          mt="2"
          size="sm"
          autoComplete="off"
          maxLength={RESULT_COMMENT_MAX}
          value={entry.comment}
          onChange={(event) => onChange({ comment: event.target.value })}
          placeholder={t`Comment (optional)`}
          aria-label={t`Comment on ${name}`}
          data-testid="result-comment"
        />
      ) : (
        <Button size="xs" variant="plain" colorPalette="brand" px="0" mt="1" onClick={() => setCommentOpened(true)}>
          <MessageSquarePlus aria-hidden />
          {t`Add a comment`}
        </Button>
      )}
    </Box>
  );
}

import { Alert, Box, Button, Dialog, Field, HStack, RadioCard, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, Save, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RESULT_NOTE_MAX, type ResultDraftInput } from '../../../shared/result-schemas.ts';
import { isCritical } from '../../../shared/result-values.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DialogShell } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { appErrorMessage, errorCode, errorDetails, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit } from '../../lib/report-format.ts';
import { trpc } from '../../lib/trpc.ts';
import { CriticalCallForm } from './critical-call-form.tsx';
import { InterpretationPanel } from './interpretation-panel.tsx';
import { PatientCheckNotice } from './patient-check-notice.tsx';
import { type PatientSex, type ResultSheet, type RowEntry, type SavedFlag, type SheetAnalyte, shownFlag } from './result-entry.ts';
import { ResultFlagBadge } from './result-flag.tsx';
import { ResultRow } from './result-row.tsx';

type ReleaseAs = ResultDraftInput['releaseAs'];
type ValueProblem = 'empty' | 'not_a_number' | 'unknown_unit' | 'unit_not_convertible';

/** A typed answer written as the analyte's own English answer ("negative", "سلبي" → "Negative"), the select's value. */
function answerValue(analyte: SheetAnalyte, entered: string): string {
  const text = entered.trim();
  const answer = analyte.answers.find((candidate) => candidate.en.toLowerCase() === text.toLowerCase() || candidate.ar === text);
  return answer?.en ?? entered;
}

/** The form as the sheet opens it: the draft's entries, or the latest released version's to amend, or empty. */
function initialRows(sheet: ResultSheet) {
  const entered = new Map(
    (sheet.entries?.observations ?? []).flatMap((observation) =>
      observation.extra || observation.analyteId === null ? [] : [[observation.analyteId, observation] as const],
    ),
  );
  const rows: Record<number, RowEntry> = {};
  const saved: Record<number, SavedFlag> = {};
  for (const analyte of sheet.analytes) {
    const observation = entered.get(analyte.id);
    const value = observation ? (analyte.kind === 'text' ? answerValue(analyte, observation.entered) : observation.entered) : '';
    const unit = analyte.kind === 'numeric' ? (observation?.unit ?? analyte.unit) : null;
    rows[analyte.id] = { value, unit, comment: observation?.comment ?? '' };
    if (observation) saved[analyte.id] = { value, unit, flag: observation.flag };
  }
  return { rows, saved };
}

/**
 * The lab enters a booking's results as values (issue #53): one row per analyte of the test, each
 * flagged as it is typed; a draft is saved, then released as preliminary or final. A critical value
 * alerts at once and holds the release until the call to the patient is recorded. A change after a
 * release is an amended version. Closing with unsaved values asks first.
 */
export function LabResultDialog({
  bookingId,
  onClose,
  onUploadPdf,
}: {
  bookingId: string | null;
  onClose(): void;
  onUploadPdf(bookingId: string): void;
}) {
  const { t } = useLingui();
  const [unsaved, setUnsaved] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const close = () => {
    setUnsaved(false);
    setConfirmingClose(false);
    onClose();
  };
  return (
    <>
      <DialogShell
        open={bookingId !== null}
        onClose={() => (unsaved ? setConfirmingClose(true) : close())}
        size={{ base: 'full', md: 'xl' }}
        scrollBehavior="inside"
        closeOnInteractOutside={false}
        testId="lab-result-dialog"
      >
        {bookingId && (
          <ResultSheetContent
            key={bookingId}
            bookingId={bookingId}
            onUnsavedChange={setUnsaved}
            onReleased={close}
            onUploadPdf={() => {
              close();
              onUploadPdf(bookingId);
            }}
          />
        )}
      </DialogShell>
      <ConfirmDialog
        open={confirmingClose}
        title={t`Close without saving?`}
        description={t`The values typed since the last save will be lost.`}
        keepLabel={t`Keep editing`}
        actionLabel={t`Close without saving`}
        busy={false}
        onKeep={() => setConfirmingClose(false)}
        onConfirm={close}
        testId="discard-results-dialog"
      />
    </>
  );
}

function SheetHeader({ sheet }: { sheet: ResultSheet | undefined }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const booking = sheet?.booking;
  return (
    <Dialog.Header>
      <Stack gap="1" minWidth="0" pe="8">
        <Dialog.Title>{t`Enter results`}</Dialog.Title>
        {booking && (
          <Dialog.Description>
            <Text as="span" fontWeight="semibold" color="fg">
              {localized(locale, booking.test.ar, booking.test.en)}
            </Text>
            {' · '}
            <bdi>{booking.patientName}</bdi>
            {' · '}
            {formatDate(new Date(booking.at), locale)} <bdi>{formatTime(new Date(booking.at), locale)}</bdi>
          </Dialog.Description>
        )}
      </Stack>
    </Dialog.Header>
  );
}

function ResultSheetContent({
  bookingId,
  onUnsavedChange,
  onReleased,
  onUploadPdf,
}: {
  bookingId: string;
  onUnsavedChange(unsaved: boolean): void;
  onReleased(): void;
  onUploadPdf(): void;
}) {
  const { t } = useLingui();
  const sheet = useQuery(trpc.results.sheet.queryOptions({ bookingId }));
  // A failed refetch keeps the form (and what was typed) on screen: only a first load that fails shows the error.
  if (sheet.data) {
    if (sheet.data.analytes.length === 0) {
      return (
        <>
          <SheetHeader sheet={sheet.data} />
          <Dialog.Body>
            <Stack gap="4" align="center" data-testid="lab-result-empty">
              <EmptyState>{t`This test has no analytes to enter as values. Upload the lab's report as a PDF instead.`}</EmptyState>
              <Button colorPalette="brand" onClick={onUploadPdf}>
                <FileUp aria-hidden />
                {t`Upload a PDF`}
              </Button>
            </Stack>
          </Dialog.Body>
        </>
      );
    }
    return <ResultForm sheet={sheet.data} onUnsavedChange={onUnsavedChange} onReleased={onReleased} />;
  }
  return (
    <>
      <SheetHeader sheet={undefined} />
      <Dialog.Body>
        {sheet.isError ? (
          <ErrorState title={t`Error fetching the result form`} error={sheet.error} onRetry={() => void sheet.refetch()} />
        ) : (
          <Stack gap="4" aria-busy="true" data-testid="lab-result-loading">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height="14" rounded="md" />
            ))}
          </Stack>
        )}
      </Dialog.Body>
    </>
  );
}

function ResultForm({
  sheet,
  onUnsavedChange,
  onReleased,
}: {
  sheet: ResultSheet;
  onUnsavedChange(unsaved: boolean): void;
  onReleased(): void;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const bookingId = sheet.booking.id;
  const [initial] = useState(() => initialRows(sheet));
  const [rows, setRows] = useState(initial.rows);
  const [saved, setSaved] = useState(initial.saved);
  const [sex, setSex] = useState<PatientSex>(sheet.entries?.patientSex ?? sheet.booking.patientSex ?? null);
  const [releaseAs, setReleaseAs] = useState<ReleaseAs>(sheet.entries?.releaseAs ?? 'final');
  const [note, setNote] = useState(sheet.entries?.note ?? '');
  // Every change counts; what was sent with the last successful save is what the server holds.
  const [revision, setRevision] = useState(0);
  const [savedRevision, setSavedRevision] = useState(0);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [noteProblem, setNoteProblem] = useState<string | undefined>();
  const [formProblem, setFormProblem] = useState<string | null>(null);
  // A Premium lab's interpretive comment typed or edited and not signed yet (interpretation-panel.tsx).
  const [commentEdited, setCommentEdited] = useState(false);
  // Why the release was refused for want of a signed comment: shown beside the release button.
  const [signatureProblem, setSignatureProblem] = useState<string | null>(null);
  // A final report asked about before it goes: releasing it mails the patient (issue #77 item 20).
  const [confirmingRelease, setConfirmingRelease] = useState(false);
  const unsaved = revision !== savedRevision;
  useEffect(() => onUnsavedChange(unsaved || commentEdited), [unsaved, commentEdited, onUnsavedChange]);

  const sheetKey = trpc.results.sheet.queryKey({ bookingId });
  const save = useMutation(trpc.results.saveDraft.mutationOptions());
  const release = useMutation(trpc.results.release.mutationOptions());

  const changed = () => {
    setRevision((current) => current + 1);
    setFormProblem(null);
    setSignatureProblem(null);
  };
  const changeRow = (analyteId: number, change: Partial<RowEntry>) => {
    setRows((current) => ({ ...current, [analyteId]: { ...current[analyteId]!, ...change } }));
    setProblems(({ [analyteId]: _dropped, ...others }) => others);
    changed();
  };

  const flags = sheet.analytes.map((analyte) => shownFlag(analyte, rows[analyte.id]!, sex, saved[analyte.id]).flag);
  const typedCritical = flags.some(isCritical);
  const anyValue = sheet.analytes.some((analyte) => rows[analyte.id]!.value.trim() !== '');
  const call = sheet.critical;
  const callRecorded = call?.callRecorded === true;
  const released = sheet.versions.find((version) => version.status !== 'draft');
  const hasDraft = sheet.entries?.fromDraft === true;
  // A released report opened and left as it is has nothing new to release.
  const nothingNew = released !== undefined && !hasDraft && !unsaved;
  const interpretationRequired = sheet.interpretation.required;
  const commentSignedAt = sheet.interpretation.comment?.signedAt ?? null;
  useEffect(() => {
    if (commentSignedAt !== null) setSignatureProblem(null);
  }, [commentSignedAt]);
  const busy = save.isPending || release.isPending;

  const problemText = (problem: ValueProblem, analyte: SheetAnalyte) => {
    const unit = displayUnit(analyte.unit) || analyte.unit || '';
    return {
      empty: t`Enter a value.`,
      not_a_number: t`Enter a number, such as 4.5, ٤٫٥ or <0.5.`,
      unknown_unit: t`This unit is not known. Choose one from the list.`,
      unit_not_convertible: t`This unit cannot be converted to ${unit}.`,
    }[problem];
  };

  /** Saves what is on screen as the draft; null when it could not be (the problems are shown, nothing typed is lost). */
  const saveValues = async () => {
    const local: Record<number, string> = {};
    for (const analyte of sheet.analytes) {
      if (shownFlag(analyte, rows[analyte.id]!, sex, undefined).reading.state === 'not_a_number')
        local[analyte.id] = problemText('not_a_number', analyte);
    }
    setProblems(local);
    setNoteProblem(undefined);
    setFormProblem(null);
    if (Object.keys(local).length > 0) {
      notify.error({ title: t`Could not save the values`, description: t`Check the highlighted values.` });
      return null;
    }
    const sentRevision = revision;
    const sentRows = rows;
    try {
      const result = await save.mutateAsync({
        bookingId,
        patientSex: sex,
        releaseAs,
        note,
        observations: sheet.analytes.map((analyte) => ({
          analyteId: analyte.id,
          value: sentRows[analyte.id]!.value,
          unit: analyte.kind === 'numeric' ? sentRows[analyte.id]!.unit : null,
          comment: sentRows[analyte.id]!.comment,
        })),
      });
      setSaved(
        Object.fromEntries(
          result.observations.flatMap((observation) =>
            observation.analyteId === null
              ? []
              : [
                  [
                    observation.analyteId,
                    { value: sentRows[observation.analyteId]!.value, unit: sentRows[observation.analyteId]!.unit, flag: observation.flag },
                  ],
                ],
          ),
        ),
      );
      setSavedRevision(sentRevision);
      await queryClient.invalidateQueries({ queryKey: sheetKey });
      // Saved values mean the patient came: the booking's card no longer offers "Patient did not come" (#77 item 2).
      void queryClient.invalidateQueries({ queryKey: trpc.lab.bookings.queryKey() });
      return result;
    } catch (error) {
      const details = errorDetails(error);
      const analyte = sheet.analytes.find((candidate) => candidate.id === details?.analyteId) ?? sheet.analytes[Number(details?.index)];
      if (errorCode(error) === 'RESULT_VALUE_INVALID' && analyte)
        setProblems({ [analyte.id]: problemText((details?.problem as ValueProblem | undefined) ?? 'not_a_number', analyte) });
      setNoteProblem(fieldError(i18n, error, 'note', { max: RESULT_NOTE_MAX }));
      notify.error({ title: t`Could not save the values`, description: errorMessage(i18n, error) });
      return null;
    }
  };

  /** The values as the draft, saved first when they are not yet: the comment is drafted and signed over them. */
  const saveIfNeeded = async () => (unsaved || !hasDraft ? (await saveValues()) !== null : true);

  const saveDraft = async () => {
    const result = await saveValues();
    if (!result) return;
    notify.success({
      title: t`Draft saved.`,
      description: result.critical
        ? t`A value is critical: call the patient and record the call before releasing.`
        : t`The patient sees nothing until you release the report.`,
    });
  };

  /** What stops the release before anything is sent, shown where it is; true when something does. */
  const releaseStopped = () => {
    if (releaseAs === 'final') {
      const missing = sheet.analytes.filter((analyte) => analyte.required && rows[analyte.id]!.value.trim() === '');
      if (missing.length > 0) {
        setProblems(
          Object.fromEntries(
            missing.map((analyte) => [analyte.id, t`Enter this value before releasing a final report, or release it as preliminary.`]),
          ),
        );
        setFormProblem(t`Some required values are missing.`);
        return true;
      }
    }
    if (interpretationRequired && commentEdited) {
      setSignatureProblem(appErrorMessage(i18n, 'INTERPRETATION_UNSIGNED'));
      return true;
    }
    return false;
  };

  /** Release pressed: a final report is asked about first, a preliminary one goes at once. */
  const askToRelease = () => {
    if (releaseStopped()) return;
    if (releaseAs === 'final') setConfirmingRelease(true);
    else void releaseReport();
  };

  const releaseReport = async () => {
    if (unsaved || !hasDraft) {
      const result = await saveValues();
      if (!result) {
        setConfirmingRelease(false);
        return;
      }
      if (result.critical && !callRecorded) {
        setConfirmingRelease(false);
        setFormProblem(t`A value is critical. Record your call to the patient below, then release the report.`);
        return;
      }
    }
    try {
      const { version, status, amended } = await release.mutateAsync({ bookingId });
      const kind = status === 'final' ? t`final` : t`preliminary`;
      notify.success({
        title: amended ? t`Amended report released as version ${version} (${kind}).` : t`Report released as version ${version} (${kind}).`,
        description: t`The patient has been told by e-mail.`,
      });
      setSavedRevision(revision);
      // Released results complete the visit (#77 item 2): its bookings, overview and payments change.
      for (const key of [sheetKey, trpc.lab.bookings.queryKey(), trpc.lab.overview.queryKey(), trpc.lab.payments.queryKey()]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      setConfirmingRelease(false);
      onReleased();
    } catch (error) {
      setConfirmingRelease(false);
      const code = errorCode(error);
      if (code === 'INTERPRETATION_UNSIGNED') {
        setSignatureProblem(errorMessage(i18n, error));
        void queryClient.invalidateQueries({ queryKey: sheetKey });
      } else if (code === 'CRITICAL_CALL_REQUIRED' || code === 'NOTHING_TO_RELEASE') {
        setFormProblem(errorMessage(i18n, error));
        void queryClient.invalidateQueries({ queryKey: sheetKey });
      } else {
        notify.error({ title: t`Could not release the report`, description: errorMessage(i18n, error) });
      }
    }
  };

  const releasedVersion = released?.version;
  const releasedKind = released?.status === 'final' ? t`final` : t`preliminary`;
  const caller = isolated(call?.callerName ?? '');
  const person = isolated(call?.calledPerson ?? '');
  const calledAt = call?.calledAt ? new Date(call.calledAt) : null;

  return (
    <>
      <SheetHeader sheet={sheet} />
      <Dialog.Body>
        <Stack gap="5">
          <PatientCheckNotice fields={sheet.entries?.patientMismatch ?? []} />
          {released && (
            <Alert.Root status="info" data-testid="result-amendment-notice">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {t`Released as version ${releasedVersion} (${releasedKind}). Saving changes creates an amended version.`}
                </Alert.Title>
                <Alert.Description>
                  {hasDraft
                    ? t`Below is a saved draft of the changes, not released yet. The patient still sees version ${releasedVersion}.`
                    : t`The patient is told by e-mail when the amended version is released, and sees what changed.`}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {!released && hasDraft && (
            <Text fontSize="sm" color="fg.muted" data-testid="result-draft-notice">
              {t`A draft is saved. The patient sees nothing until you release the report.`}
            </Text>
          )}

          {formProblem && (
            <Alert.Root status="error" role="alert" data-testid="result-form-problem">
              <Alert.Indicator />
              <Alert.Title>{formProblem}</Alert.Title>
            </Alert.Root>
          )}

          {typedCritical &&
            (callRecorded ? (
              <Alert.Root status="warning" data-testid="critical-alert" data-call-recorded="true">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t`Critical value: the call is recorded`}</Alert.Title>
                  <Alert.Description>
                    {t`${caller} called ${person}`}
                    {calledAt && (
                      <>
                        {' · '}
                        {formatDate(calledAt, locale)} <bdi>{formatTime(calledAt, locale)}</bdi>
                      </>
                    )}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Alert.Root status="error" variant="solid" role="alert" data-testid="critical-alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t`Critical value: call the patient now`}</Alert.Title>
                  <Alert.Description>
                    {call && !unsaved
                      ? t`Record the call below. The report cannot be released before.`
                      : t`Save the draft, then record your call to the patient. The report cannot be released before.`}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ))}
          {typedCritical && call && !callRecorded && <CriticalCallForm bookingId={bookingId} />}

          <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }}>
            {sheet.booking.patientSex === null && (
              <Choice
                label={t`Patient's sex (for the ranges)`}
                value={sex}
                options={[
                  ['male', t`Male`],
                  ['female', t`Female`],
                ]}
                onChange={(value) => {
                  setSex(value === 'male' || value === 'female' ? value : null);
                  changed();
                }}
                testId="result-patient-sex"
              />
            )}
            <Choice
              label={t`Release as`}
              value={releaseAs}
              options={[
                ['final', t`Final`],
                ['preliminary', t`Preliminary`],
              ]}
              onChange={(value) => {
                setReleaseAs(value === 'preliminary' ? 'preliminary' : 'final');
                changed();
              }}
              testId="result-release-as"
            />
          </Stack>

          <Stack gap="1">
            {sheet.analytes.some((analyte) => analyte.required) && (
              <Text fontSize="sm" color="fg.muted">
                <Text as="span" color="fg.error" aria-hidden>
                  *
                </Text>{' '}
                {t`Required for a final report.`}
              </Text>
            )}
            <Box as="ul" listStyleType="none" divideY="1px" data-testid="result-rows">
              {sheet.analytes.map((analyte) => (
                <ResultRow
                  key={analyte.id}
                  analyte={analyte}
                  entry={rows[analyte.id]!}
                  sex={sex}
                  saved={saved[analyte.id]}
                  problem={problems[analyte.id]}
                  onChange={(change) => changeRow(analyte.id, change)}
                />
              ))}
            </Box>
          </Stack>

          <SentBesides sheet={sheet} />
          <UnitsAsSent sheet={sheet} />

          <Field.Root invalid={Boolean(noteProblem)}>
            <Field.Label>{t`Note to the patient (optional)`}</Field.Label>
            <Textarea
              rows={2}
              value={note}
              maxLength={RESULT_NOTE_MAX}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteProblem(undefined);
                changed();
              }}
              data-testid="result-note"
            />
            <Field.ErrorText>{noteProblem}</Field.ErrorText>
          </Field.Root>

          {interpretationRequired && (
            <InterpretationPanel sheet={sheet} valuesUnsaved={unsaved} saveValues={saveIfNeeded} onEditedChange={setCommentEdited} />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" justifyContent="space-between" gap="3">
        <Stack gap="1" flex="1" minWidth="0">
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="result-save-state">
            {unsaved ? t`Unsaved changes` : hasDraft ? t`Draft saved` : ''}
          </Text>
          {signatureProblem && (
            <Text fontSize="sm" color="fg.error" role="alert" data-testid="result-signature-problem">
              {signatureProblem}
            </Text>
          )}
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            onClick={() => void saveDraft()}
            loading={save.isPending}
            disabled={busy}
            data-testid="save-result-draft"
          >
            <Save aria-hidden />
            {t`Save draft`}
          </Button>
          <Button
            colorPalette="brand"
            onClick={askToRelease}
            loading={release.isPending}
            disabled={busy || !anyValue || nothingNew || (typedCritical && !callRecorded)}
            data-testid="release-result"
          >
            <Send aria-hidden />
            {t`Release`}
          </Button>
        </HStack>
      </Dialog.Footer>
      <ConfirmDialog
        open={confirmingRelease}
        title={t`Release the final report to the patient?`}
        description={t`${isolated(sheet.booking.patientName)} is told by e-mail at once and reads these values. A change after this is released as an amended version, which the patient is told of too.`}
        keepLabel={t`Not yet`}
        actionLabel={t`Release the final report`}
        busy={busy}
        onKeep={() => setConfirmingRelease(false)}
        onConfirm={() => void releaseReport()}
        testId="release-final-dialog"
      />
    </>
  );
}

/** Values the lab's own system sent for analytes this test does not list: shown, but saving the form keeps only the rows above. */
function SentBesides({ sheet }: { sheet: ResultSheet }) {
  const { t } = useLingui();
  const extras = (sheet.entries?.observations ?? []).filter((observation) => observation.extra);
  if (extras.length === 0) return null;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" padding="3" data-testid="result-extras">
      <Text fontWeight="medium">{t`Also sent by your lab's system`}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t`This test does not list these analytes. Saving this form keeps only the values above.`}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1">
        {extras.map((observation, index) => (
          <HStack as="li" key={`${observation.label}-${index}`} gap="2" wrap="wrap" fontSize="sm">
            <bdi>{observation.label}</bdi>
            <Text as="bdi" dir="ltr">
              {`${observation.entered} ${displayUnit(observation.unit)}`.trim()}
            </Text>
            <ResultFlagBadge flag={observation.flag} />
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The units the lab's system sent as it wrote them (issue #76 item 1): a spelling read as UCUM, and a
 * unit not recognised, whose value is kept as sent with its range and flag, not converted. Choosing a
 * unit in the row above and saving converts it.
 */
function UnitsAsSent({ sheet }: { sheet: ResultSheet }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const sent = (sheet.entries?.observations ?? []).filter(
    (observation) => !observation.extra && (observation.unitNotRecognised || observation.unitAsSent !== null),
  );
  if (sent.length === 0) return null;
  const nameOf = (analyteId: number | null) => {
    const analyte = sheet.analytes.find((candidate) => candidate.id === analyteId);
    return analyte ? localized(locale, analyte.name.ar, analyte.name.en) : '';
  };
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" padding="3" data-testid="result-units-as-sent">
      <Text fontWeight="medium">{t`Units as your lab's system sent them`}</Text>
      <Stack as="ul" listStyleType="none" gap="2">
        {sent.map((observation, index) => (
          <Stack as="li" key={`${observation.analyteId}-${index}`} gap="0.5" fontSize="sm">
            <HStack gap="2" wrap="wrap">
              <bdi>{nameOf(observation.analyteId)}</bdi>
              <Text as="bdi" dir="ltr">
                {`${observation.entered} ${observation.unitAsSent ?? observation.unit ?? ''}`.trim()}
              </Text>
              {observation.unitNotRecognised && <ResultFlagBadge flag={observation.flag} />}
            </HStack>
            {observation.unitNotRecognised ? (
              <Text color="fg.warning" data-testid="result-unit-not-recognised">
                {t`Unit not recognised — shown as the lab sent it, not converted`}
              </Text>
            ) : (
              <Text color="fg.muted">
                <Trans>
                  read as <bdi dir="ltr">{displayUnit(observation.unit)}</bdi>
                </Trans>
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** One choice among a few, as small cards in a row, with its label. */
function Choice(props: {
  label: string;
  value: string | null;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string | null) => void;
  testId: string;
}) {
  return (
    <RadioCard.Root
      value={props.value}
      onValueChange={(details) => props.onChange(details.value)}
      colorPalette="brand"
      size="sm"
      variant="outline"
      data-testid={props.testId}
    >
      <Stack gap="1.5">
        <RadioCard.Label fontWeight="medium">{props.label}</RadioCard.Label>
        <HStack gap="4">
          {props.options.map(([value, label]) => (
            <RadioCard.Item key={value} value={value} flex="0 0 auto">
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl py="1.5" px="3">
                <RadioCard.ItemText>{label}</RadioCard.ItemText>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </HStack>
      </Stack>
    </RadioCard.Root>
  );
}

import { Alert, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PenLine, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  INTERPRETATION_TEXT_MAX,
  LICENCE_NUMBER_MAX,
  LICENCE_NUMBER_MIN,
  SPECIALIST_NAME_MAX,
  SPECIALIST_NAME_MIN,
  signInterpretationInput,
} from '../../../shared/result-schemas.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, type FieldLimits, fieldError, fieldMessage } from '../../lib/errors.ts';
import { fieldIssues } from '../../lib/field-issues.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ResultSheet } from './result-entry.ts';

type CommentField = 'text' | 'specialistName' | 'licenceNumber';

const LIMITS: Record<CommentField, FieldLimits> = {
  text: { max: INTERPRETATION_TEXT_MAX },
  specialistName: { min: SPECIALIST_NAME_MIN, max: SPECIALIST_NAME_MAX },
  licenceNumber: { min: LICENCE_NUMBER_MIN, max: LICENCE_NUMBER_MAX },
};

/** Whether the comment as typed differs from the one the sheet holds (a new comment differs once anything is typed). */
function commentEdited(sheet: ResultSheet, typed: { text: string; name: string; licence: string }): boolean {
  const held = sheet.interpretation.comment;
  return (
    typed.text !== (held?.text ?? '') || typed.name !== (held?.specialist.name ?? '') || typed.licence !== (held?.specialist.licence ?? '')
  );
}

/**
 * A Premium lab's interpretive comment on the report (issue #54): drafted from the rules over the saved
 * values (analysis.labDraftComment), edited by the lab's specialist and signed with their name and
 * licence number (results.signInterpretation). The report is released only with a signed comment on
 * the values it holds; new values, or edits to the comment, need a new signature.
 */
export function InterpretationPanel({
  sheet,
  valuesUnsaved,
  saveValues,
  onEditedChange,
}: {
  sheet: ResultSheet;
  /** The form holds values not saved yet: the comment is drafted and signed over saved values. */
  valuesUnsaved: boolean;
  /** Saves the form's values as the draft, when they are unsaved or no draft exists; false when it could not. */
  saveValues(): Promise<boolean>;
  onEditedChange(edited: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const headingId = useId();
  const bookingId = sheet.booking.id;
  const held = sheet.interpretation.comment;
  const [text, setText] = useState(held?.text ?? '');
  const [name, setName] = useState(held?.specialist.name ?? '');
  const [licence, setLicence] = useState(held?.specialist.licence ?? '');
  const [problems, setProblems] = useState<Partial<Record<CommentField, string>>>({});
  const [drafting, setDrafting] = useState(false);
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const sign = useMutation(trpc.results.signInterpretation.mutationOptions());

  const edited = commentEdited(sheet, { text, name, licence });
  useEffect(() => onEditedChange(edited), [edited, onEditedChange]);

  const fromDraft = sheet.entries?.fromDraft === true;
  const signedAt = held?.signedAt ? new Date(held.signedAt) : null;
  const signedHere = fromDraft && signedAt !== null && !edited && !valuesUnsaved;
  // A released report's comment is signed again only with an amendment: new values, or an edited comment.
  const nothingToSign = signedHere || (!fromDraft && signedAt !== null && !edited && !valuesUnsaved);
  const signer = held?.specialist.name ?? '';
  const signerLicence = held?.specialist.licence ?? '';
  const signedDate = signedAt ? formatDate(signedAt, locale) : '';
  const signedTime = signedAt ? formatTime(signedAt, locale) : '';

  const draftFromRules = async () => {
    setConfirmingReplace(false);
    setDrafting(true);
    try {
      if (!(await saveValues())) return;
      const draft = await queryClient.fetchQuery({ ...trpc.analysis.labDraftComment.queryOptions({ bookingId }), staleTime: 0 });
      setText(draft.text);
      setProblems(({ text: _dropped, ...others }) => others);
    } catch (error) {
      notify.error({ title: t`Could not draft the comment`, description: errorMessage(i18n, error) });
    } finally {
      setDrafting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = { bookingId, text, specialistName: name, licenceNumber: licence };
    const issues = fieldIssues(signInterpretationInput, typed) as Partial<Record<CommentField, string>>;
    setProblems(
      Object.fromEntries(
        (Object.keys(issues) as CommentField[]).map((field) => [field, fieldMessage(i18n, issues[field]!, LIMITS[field])]),
      ),
    );
    if (Object.keys(issues).length > 0) return;
    if (!(await saveValues())) return;
    const parsed = signInterpretationInput.parse(typed);
    try {
      await sign.mutateAsync(parsed);
      // What the server keeps (trimmed, digits in Latin) is what the form now shows as signed.
      setText(parsed.text);
      setName(parsed.specialistName);
      setLicence(parsed.licenceNumber);
      await queryClient.invalidateQueries({ queryKey: trpc.results.sheet.queryKey({ bookingId }) });
      notify.success({ title: t`Comment signed. You can release the report now.` });
    } catch (error) {
      const fromServer = Object.fromEntries(
        (['text', 'specialistName', 'licenceNumber'] as const).flatMap((field) => {
          const message = fieldError(i18n, error, field, LIMITS[field]);
          return message ? [[field, message]] : [];
        }),
      );
      setProblems(fromServer);
      if (Object.keys(fromServer).length === 0)
        notify.error({ title: t`Could not sign the comment`, description: errorMessage(i18n, error) });
    }
  };

  return (
    <>
      <Stack asChild gap="4" borderWidth="1px" rounded="md" padding="4">
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} data-testid="interpretation-panel">
          <Stack gap="1">
            <Heading as="h3" size="sm" id={headingId}>
              {t`Interpretive comment`}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t`Draft it from the rules over the saved values, then have your specialist review, edit and sign it. The report is released only with a signed comment, which the patient sees with the specialist's name and licence number.`}
            </Text>
          </Stack>

          {signedHere ? (
            <Alert.Root status="success" data-testid="interpretation-signed">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>
                  Signed by <bdi>{signer}</bdi> (licence no. <bdi dir="ltr">{signerLicence}</bdi>) on {signedDate} <bdi>{signedTime}</bdi>
                </Trans>
              </Alert.Title>
            </Alert.Root>
          ) : fromDraft && held && (signedAt !== null || held.text !== '') ? (
            <Alert.Root status="warning" data-testid="interpretation-resign">
              <Alert.Indicator />
              <Alert.Title>
                {signedAt === null
                  ? t`The values changed after this comment was signed. Review it and sign it again before releasing.`
                  : t`The comment or the values changed since it was signed. Sign it again before releasing.`}
              </Alert.Title>
            </Alert.Root>
          ) : !fromDraft && signedAt !== null ? (
            <Text fontSize="sm" data-testid="interpretation-released">
              <Trans>
                Released with this comment, signed by <bdi>{signer}</bdi> on {signedDate}. An amended version needs it signed again.
              </Trans>
            </Text>
          ) : null}

          <HStack>
            <Button
              variant="outline"
              size="sm"
              onClick={() => (text.trim() === '' ? void draftFromRules() : setConfirmingReplace(true))}
              loading={drafting}
              disabled={sign.isPending}
              data-testid="draft-interpretation"
            >
              <Sparkles aria-hidden />
              {t`Draft from the rules`}
            </Button>
          </HStack>

          <Field.Root invalid={Boolean(problems.text)} required>
            <Field.Label>{t`Comment`}</Field.Label>
            <Textarea
              name="text"
              rows={8}
              maxLength={INTERPRETATION_TEXT_MAX}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setProblems(({ text: _dropped, ...others }) => others);
              }}
              data-testid="interpretation-text"
            />
            <Field.ErrorText>{problems.text}</Field.ErrorText>
          </Field.Root>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(problems.specialistName)} required>
              <Field.Label>{t`Specialist's name`}</Field.Label>
              <Input
                name="specialistName"
                autoComplete="name"
                maxLength={SPECIALIST_NAME_MAX + 10}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setProblems(({ specialistName: _dropped, ...others }) => others);
                }}
                data-testid="interpretation-specialist"
              />
              <Field.ErrorText>{problems.specialistName}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problems.licenceNumber)} required>
              <Field.Label>{t`Professional licence number`}</Field.Label>
              <Input
                name="licenceNumber"
                autoComplete="off"
                dir="auto"
                maxLength={LICENCE_NUMBER_MAX + 10}
                value={licence}
                onChange={(event) => {
                  setLicence(event.target.value);
                  setProblems(({ licenceNumber: _dropped, ...others }) => others);
                }}
                data-testid="interpretation-licence"
              />
              <Field.ErrorText>{problems.licenceNumber}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={sign.isPending}
            disabled={drafting || nothingToSign}
            data-testid="sign-interpretation"
          >
            <PenLine aria-hidden />
            {t`Sign comment`}
          </Button>
        </form>
      </Stack>
      <ConfirmDialog
        open={confirmingReplace}
        title={t`Replace the comment?`}
        description={t`The text in the comment box will be replaced by a new draft from the rules.`}
        keepLabel={t`Keep my text`}
        actionLabel={t`Replace it`}
        busy={drafting}
        onKeep={() => setConfirmingReplace(false)}
        onConfirm={() => void draftFromRules()}
        testId="replace-interpretation-dialog"
      />
    </>
  );
}

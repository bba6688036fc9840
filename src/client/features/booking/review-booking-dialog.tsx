import { Dialog, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { REVIEW_EDIT_DAYS, REVIEW_TEXT_MAX } from '../../../shared/review-limits.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { StarRatingInput } from '../../components/stars.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

export interface ReviewTarget {
  bookingId: string;
  labName: string;
  testName: string;
  /** The review being edited; absent when writing a new one. */
  review?: { id: string; rating: number; text: string };
}

/** Writes or edits the review of a completed booking: 1–5 stars (required) and a short plain text. */
export function ReviewBookingDialog({ target, onClose }: { target: ReviewTarget | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [missingStars, setMissingStars] = useState(false);
  useEffect(() => {
    setRating(target?.review?.rating ?? 0);
    setText(target?.review?.text ?? '');
    setMissingStars(false);
  }, [target]);

  const done = (title: string) => {
    notify.success({ title });
    void queryClient.invalidateQueries({ queryKey: trpc.reviews.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.reviews.forLab.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.search.pathKey() });
    onClose();
  };
  const failed = (error: unknown) => notify.error({ title: t`Could not save your review`, description: errorMessage(i18n, error) });
  const create = useMutation(
    trpc.reviews.create.mutationOptions({ onSuccess: () => done(t`Thank you! Your review is published.`), onError: failed }),
  );
  const update = useMutation(
    trpc.reviews.update.mutationOptions({ onSuccess: () => done(t`Your review has been updated.`), onError: failed }),
  );
  const saving = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (rating < 1) {
      setMissingStars(true);
      return;
    }
    if (target.review) update.mutate({ id: target.review.id, rating, text });
    else create.mutate({ bookingId: target.bookingId, rating, text });
  };

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      testId="review-dialog"
      title={target?.review ? t`Edit your review` : t`Rate this lab`}
      onSubmit={submit}
      submit={{ label: target?.review ? t`Save changes` : t`Publish review`, pending: saving }}
    >
      {target && (
        <Stack gap="5">
          <Dialog.Description>
            <bdi>{target.labName}</bdi> · <bdi>{target.testName}</bdi>
          </Dialog.Description>
          <Stack gap="1">
            <StarRatingInput
              label={t`Your rating`}
              value={rating}
              invalid={missingStars}
              onChange={(value) => {
                setRating(value);
                setMissingStars(false);
              }}
            />
            {missingStars && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {t`Choose from 1 to 5 stars.`}
              </Text>
            )}
          </Stack>
          <Field.Root>
            <Field.Label>{t`Your review (optional)`}</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={REVIEW_TEXT_MAX}
              rows={5}
              width="full"
              name="review-text"
              placeholder={t`What went well, and what could be better?`}
            />
            <Field.HelperText>
              {t`${text.length} of ${REVIEW_TEXT_MAX} characters. Shown on the lab's page with your first name. You can edit it for ${REVIEW_EDIT_DAYS} days.`}
            </Field.HelperText>
          </Field.Root>
        </Stack>
      )}
    </FormDialog>
  );
}

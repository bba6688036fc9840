import { Box, Button, Card, Field, Heading, HStack, Input, InputGroup, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, Paperclip, Search, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AppErrorCode } from '../../../shared/errors.ts';
import { LAB_RESULT_SORTS } from '../../../shared/list-schemas.ts';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { appErrorMessage } from '../../lib/errors.ts';
import { checkBeforeUpload, FileUploadError } from '../../lib/file-upload.ts';
import { formatDate, formatFileSize } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { bookingChoiceLabel } from './booking-choice.ts';
import { ResultDownloadButton } from './result-download.tsx';
import { uploadResult } from './upload-result.ts';

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

const DEBOUNCE_MS = 350;

/**
 * The bookings a result may be for, found on the server (lab.bookings): the latest page, or those a
 * search names, and always the one chosen or handed over from the bookings list, so a lab with
 * thousands of bookings finds any of them.
 */
function useBookingChoices(find: string, chosenId: string) {
  const [q, setQ] = useState(find.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(find.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [find]);
  const page = useQuery({ ...trpc.lab.bookings.queryOptions({ q: q || undefined }), placeholderData: keepPreviousData });
  const chosen = useQuery({ ...trpc.lab.bookings.queryOptions({ q: chosenId, limit: 1 }), enabled: Boolean(chosenId) });
  const rows = [...(chosen.data?.items ?? []).filter((row) => row.id === chosenId), ...(page.data?.items ?? [])];
  const choices = rows.filter((row, index) => row.status !== 'cancelled' && rows.findIndex((other) => other.id === row.id) === index);
  return { page, q, choices };
}

function UploadForm({ preselectedBookingId }: { preselectedBookingId?: string }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const [bookingId, setBookingId] = useState(preselectedBookingId ?? '');
  const [find, setFind] = useState('');
  const { page: bookings, q, choices } = useBookingChoices(find, bookingId);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<AppErrorCode | null>(null);
  const [tried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (preselectedBookingId) setBookingId(preselectedBookingId);
  }, [preselectedBookingId]);

  const upload = useMutation({
    mutationFn: ({ booking, chosen }: { booking: string; chosen: File }) => uploadResult(booking, chosen),
    onSuccess: () => {
      notify.success({ title: t`The result has been uploaded.`, description: t`The patient can download it from their dashboard now.` });
      setFile(null);
      setTried(false);
      if (input.current) input.current.value = '';
      // The upload completes a visit that has started (#77 item 2): its bookings, overview and payments change.
      for (const key of [
        trpc.lab.results.queryKey(),
        trpc.lab.bookings.queryKey(),
        trpc.lab.overview.queryKey(),
        trpc.lab.payments.queryKey(),
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (error) => {
      const code = error instanceof FileUploadError ? error.code : 'INTERNAL';
      if (code.startsWith('FILE_')) setFileProblem(code);
      notify.error({ title: t`Could not upload the result`, description: appErrorMessage(i18n, code) });
    },
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileProblem(chosen ? await checkBeforeUpload(chosen) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!bookingId || !file || fileProblem) return;
    upload.mutate({ booking: bookingId, chosen: file });
  };

  if (bookings.isError)
    return <ErrorState title={t`Error fetching bookings`} error={bookings.error} onRetry={() => void bookings.refetch()} />;
  if (bookings.isPending) return <Skeleton height="48" rounded="lg" />;
  if (!q && !bookingId && choices.length === 0)
    return <EmptyState>{t`Results are uploaded for a booking. You have no bookings yet.`}</EmptyState>;

  const fileError = fileProblem ? appErrorMessage(i18n, fileProblem) : tried && !file ? t`Choose the results file.` : undefined;
  return (
    <Card.Root variant="outline" asChild data-testid="upload-result-form">
      <form onSubmit={submit} noValidate>
        <Card.Body>
          <Stack gap="5">
            <Field.Root invalid={tried && !bookingId} required>
              <Field.Label>{t`Booking`}</Field.Label>
              <InputGroup startElement={<Search size={16} aria-hidden />} mb="2">
                <Input
                  type="search"
                  value={find}
                  onChange={(event) => setFind(event.target.value)}
                  placeholder={t`Patient, test or booking number`}
                  aria-label={t`Find a booking`}
                  maxLength={100}
                  data-testid="result-booking-search"
                />
              </InputGroup>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={bookingId}
                  onChange={(event) => setBookingId(event.currentTarget.value)}
                  data-testid="result-booking"
                >
                  <option value="">{q && choices.length === 0 ? t`No bookings match.` : t`Choose a booking`}</option>
                  {choices.map((booking) => (
                    <option key={booking.id} value={booking.id}>
                      {bookingChoiceLabel(booking, locale)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{t`Choose the booking this result belongs to.`}</Field.ErrorText>
            </Field.Root>

            <Field.Root invalid={Boolean(fileError)} required>
              <Field.Label id="result-file-label">{t`Results file`}</Field.Label>
              <Box
                borderWidth="2px"
                borderStyle="dashed"
                borderColor={fileError ? 'border.error' : 'border'}
                rounded="lg"
                p="5"
                width="full"
                textAlign="center"
              >
                <Stack align="center" gap="2">
                  <FileUp size={28} aria-hidden color="var(--chakra-colors-brand-fg)" />
                  <input
                    ref={input}
                    type="file"
                    accept={ACCEPT}
                    hidden
                    aria-labelledby="result-file-label"
                    data-testid="result-file"
                    onChange={(event) => void choose(event.target.files?.[0] ?? null)}
                  />
                  <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
                    <Paperclip aria-hidden />
                    {file ? t`Choose another file` : t`Choose a file`}
                  </Button>
                  {file ? (
                    <Text fontSize="sm" fontWeight="medium">
                      <bdi>{file.name}</bdi> · {formatFileSize(file.size, locale)}
                    </Text>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t`PDF, JPEG or PNG, up to 10 MB.`}
                    </Text>
                  )}
                </Stack>
              </Box>
              <Field.ErrorText>{fileError}</Field.ErrorText>
            </Field.Root>

            <Button type="submit" colorPalette="brand" alignSelf="start" loading={upload.isPending} data-testid="upload-result">
              <Upload aria-hidden />
              {t`Upload result`}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** The files the lab uploaded, a page at a time, searched on the server (lab.results). */
function UploadedResults({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const sort = searchChoice(search.sort, LAB_RESULT_SORTS) ?? 'newest';
  const results = useQuery({
    ...trpc.lab.results.queryOptions({ q: search.q, sort, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Uploaded results`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ListToolbar
            control={list}
            placeholder={t`Search by patient, test or file name`}
            label={t`Search uploaded results`}
            sorts={[
              { value: 'newest', label: t`Newest first` },
              { value: 'oldest', label: t`Oldest first` },
            ]}
          />
          {results.isError ? (
            <ErrorState title={t`Error fetching results`} error={results.error} onRetry={() => void results.refetch()} />
          ) : results.isPending ? (
            <Skeleton height="16" rounded="md" />
          ) : results.data.items.length === 0 ? (
            <EmptyState>{search.q ? t`No results match.` : t`No results uploaded yet.`}</EmptyState>
          ) : (
            <Stack
              as="ul"
              listStyleType="none"
              gap="0"
              divideY="1px"
              opacity={results.isPlaceholderData ? 0.6 : 1}
              aria-busy={results.isFetching}
            >
              {results.data.items.map((result) => (
                <HStack as="li" key={result.id} justify="space-between" gap="3" py="3" wrap="wrap" data-testid="uploaded-result">
                  <Stack gap="0.5" minWidth="0">
                    <Text fontWeight="medium">{localized(locale, result.test_name_ar, result.test_name_en)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      <bdi data-testid="uploaded-result-patient">{result.patient_name ?? result.customer_name}</bdi> ·{' '}
                      <bdi>{result.file_name}</bdi> · <bdi>{formatFileSize(result.size_bytes, locale)}</bdi> ·{' '}
                      {formatDate(new Date(result.created_at), locale, result.time_zone)}
                    </Text>
                  </Stack>
                  <ResultDownloadButton id={result.id} fileName={result.file_name} />
                </HStack>
              ))}
            </Stack>
          )}
          <PageButtons control={list} nextCursor={results.data?.nextCursor} fetching={results.isFetching} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Choose one of the lab's bookings and upload its result; the patient downloads it from "My results". */
export function UploadResultsPanel({ preselectedBookingId, list }: { preselectedBookingId?: string; list: ListControl }) {
  const { t } = useLingui();
  return (
    <Stack gap="6">
      <SectionTitle
        title={t`Upload results`}
        description={t`Files are stored privately: only the patient, your lab and Tahaleel's administrators can open them, and every access is logged.`}
      />
      <UploadForm preselectedBookingId={preselectedBookingId} />
      <UploadedResults list={list} />
    </Stack>
  );
}

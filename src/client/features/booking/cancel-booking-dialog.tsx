import { Dialog, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Price } from '../../components/price.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

export interface CancellableBooking {
  id: string;
  testName: string;
  when: string;
}

export function CancelBookingDialog({
  booking,
  cancelling,
  onConfirm,
  onClose,
}: {
  booking: CancellableBooking | null;
  cancelling: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <FormDialog
      role="alertdialog"
      open={booking !== null}
      onClose={onClose}
      initialFocusEl={() => keep.current}
      size="sm"
      testId="cancel-booking-dialog"
      title={t`Cancel this booking?`}
      submit={{ label: t`Cancel booking`, pending: cancelling, palette: 'red', onClick: onConfirm }}
      cancel={{ label: t`Keep booking`, ref: keep }}
    >
      {booking && (
        <Stack gap="3">
          <Text fontWeight="semibold">
            <bdi>{booking.testName}</bdi> · {booking.when}
          </Text>
          <Dialog.Description asChild>
            <div>
              <RefundSaid bookingId={booking.id} />
            </div>
          </Dialog.Description>
          <Text fontSize="sm" color="fg.muted">
            {t`The time goes back to the lab and may be booked by someone else.`}
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}

/** What comes back if the booking is cancelled now, in the figures the refund will use. */
function RefundSaid({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useLingui();
  const quote = useQuery(trpc.booking.cancellation.queryOptions({ id: bookingId }));
  if (quote.isPending) return <Skeleton height="12" rounded="md" data-testid="refund-loading" />;
  if (quote.isError) return <Text color="fg.error">{errorMessage(i18n, quote.error)}</Text>;
  const { paid, charged, refund, refundable, percent, home_visit_fee_kept: feeKept, refund_to_wallet: toWallet } = quote.data;
  return (
    <Stack gap="2" data-testid="refund-said">
      <Text>
        {!paid ? (
          t`Nothing was charged for this booking, so there is nothing to refund.`
        ) : refund > 0 && toWallet >= refund ? (
          <Trans>
            Your wallet paid for this booking: <Price value={refund} /> goes back to your wallet, where you can use it at once.
          </Trans>
        ) : percent >= 100 && feeKept === 0 ? (
          <Trans>
            The full amount, <Price value={refund} />, will be refunded to your original payment method, usually within 14 working days
            depending on your bank.
          </Trans>
        ) : refund > 0 ? (
          <Trans>
            <Price value={refund} /> of <Price value={charged} /> will be refunded to your original payment method, usually within 14
            working days depending on your bank.
          </Trans>
        ) : (
          t`This close to the appointment nothing of the amount paid is refunded.`
        )}
      </Text>
      {paid && toWallet > 0 && toWallet < refund && (
        <Text fontSize="sm" data-testid="refund-to-wallet">
          <Trans>
            Your wallet paid part of it: <Price value={toWallet} /> of the refund goes back to your wallet at once, the rest to your card.
          </Trans>
        </Text>
      )}
      {paid && feeKept > 0 && (
        <Text fontSize="sm">
          <Trans>
            The home visit fee, <Price value={feeKept} />, is kept: your other tests in this visit are still booked, and it is refunded with
            the last of them.
          </Trans>
        </Text>
      )}
      {paid && percent > 0 && percent < 100 && (
        <Text fontSize="sm">
          <Trans>
            Cancelled this close to the appointment, {percent}% of <Price value={refundable} /> is refunded, under the cancellation terms.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

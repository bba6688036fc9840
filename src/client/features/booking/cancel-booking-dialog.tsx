import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { CancellationTerms } from '../../../shared/cancellation.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { Price } from '../../components/price.tsx';

export interface CancellableBooking {
  testName: string;
  when: string;
  totalPrice: number;
  paid: boolean;
  /** What the cancellation rule gives back now (src/shared/cancellation.ts): what the server will refund. */
  terms: CancellationTerms;
}

/**
 * Asks before a booking is cancelled and says what comes back, by the same rule the server refunds by:
 * the full amount, a share of it, or nothing. "Keep booking" changes nothing.
 */
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
    <Dialog.Root
      role="alertdialog"
      open={booking !== null}
      onOpenChange={(event) => !event.open && onClose()}
      initialFocusEl={() => keep.current}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-booking-dialog">
            <Dialog.Header>
              <Dialog.Title>{t`Cancel this booking?`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {booking && (
                <Stack gap="3">
                  <Text fontWeight="semibold">
                    <bdi>{booking.testName}</bdi> · {booking.when}
                  </Text>
                  <Dialog.Description>
                    {!booking.paid ? (
                      t`Nothing was charged for this booking, so there is nothing to refund.`
                    ) : booking.terms.percent >= 100 ? (
                      <Trans>
                        The full amount, <Price value={booking.totalPrice} />, will be refunded to your original payment method, usually
                        within 14 working days depending on your bank.
                      </Trans>
                    ) : booking.terms.refundHalalas > 0 ? (
                      <Trans>
                        <Price value={halalasToSar(booking.terms.refundHalalas)} /> of <Price value={booking.totalPrice} /> will be refunded
                        to your original payment method, usually within 14 working days depending on your bank.
                      </Trans>
                    ) : (
                      t`This close to the appointment nothing of the amount paid is refunded.`
                    )}
                  </Dialog.Description>
                  <Text fontSize="sm" color="fg.muted">
                    {t`The time goes back to the lab and may be booked by someone else.`}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={keep} variant="outline" onClick={onClose}>
                {t`Keep booking`}
              </Button>
              <Button colorPalette="red" loading={cancelling} onClick={onConfirm}>
                {t`Cancel booking`}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { todayIn } from '../../../shared/time.ts';
import { useCartPanels } from '../../components/cart-panels-context.tsx';
import { localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { DayAndTimePicker } from './day-and-time-picker.tsx';
import { labCartStore } from './lab-cart/lab-cart-store.ts';
import { useLabCart } from './lab-cart/use-lab-cart.ts';
import { SlotPicker } from './slot-picker.tsx';

interface VisitItem {
  labTestId: number;
  nameAr: string;
  nameEn: string;
  price: number;
  fastingHours: number | null;
}

/**
 * Several of one lab's tests and packages booked as one visit ("build your own", issue #79 item 3): a day
 * and a time at the lab (only the times every item can take: the strictest fasting item's), then every
 * item goes into the lab-test cart at that time, held as each is, and the cart opens to check out. When
 * one cannot be held, none of them stays in the cart.
 */
export function VisitBooking({
  labId,
  labNameAr,
  labNameEn,
  timeZone,
  items,
}: {
  labId: string;
  labNameAr: string;
  labNameEn: string;
  timeZone: string;
  items: VisitItem[];
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const cart = useLabCart();
  const panels = useCartPanels();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const strictest = items.reduce<VisitItem | undefined>(
    (most, item) => ((item.fastingHours ?? 0) > (most?.fastingHours ?? 0) ? item : most),
    undefined,
  );

  const addVisit = async () => {
    if (!slot) return;
    setAdding(true);
    const added: number[] = [];
    for (const item of items) {
      const ok = await cart.add({
        labTestId: item.labTestId,
        testNameAr: item.nameAr,
        testNameEn: item.nameEn,
        labNameAr,
        labNameEn,
        price: item.price,
        bookingTime: slot,
      });
      if (!ok) {
        // The visit is all or nothing: what was added for it goes again.
        for (const labTestId of added.reverse()) {
          const index = labCartStore.get().findIndex((line) => line.labTestId === labTestId && line.bookingTime === slot && !line.home);
          if (index >= 0) cart.remove(index);
        }
        setAdding(false);
        return;
      }
      added.push(item.labTestId);
    }
    setAdding(false);
    panels.openLabCart();
  };

  return (
    <Card.Root variant="subtle" data-testid="visit-booking">
      <Card.Body gap="4">
        <Heading as="h4" size="sm">
          {t`Choose a day and a time for your visit to ${localized(locale, labNameAr, labNameEn)}`}
        </Heading>
        {strictest?.fastingHours ? (
          <Text fontSize="sm" color="fg.muted">
            {t`Part of this visit needs ${plural(strictest.fastingHours, { one: '# hour', other: '# hours' })} of fasting (water only), so only the times that allow it are shown.`}
          </Text>
        ) : null}
        <DayAndTimePicker
          today={todayIn(timeZone)}
          date={date}
          onDateChange={(next) => {
            setDate(next);
            setSlot(null);
          }}
        >
          {(day) => (
            <SlotPicker
              labId={labId}
              labTestId={strictest?.labTestId}
              date={day}
              timeZone={timeZone}
              value={slot}
              onChange={(startsAt) => setSlot(startsAt)}
            />
          )}
        </DayAndTimePicker>
        <Button
          colorPalette="brand"
          alignSelf={{ base: 'stretch', sm: 'end' }}
          disabled={!slot}
          loading={adding}
          onClick={() => void addVisit()}
        >
          <ShoppingCart aria-hidden />
          {t`${plural(items.length, { one: 'Put the test in my cart', other: 'Put the # items in my cart' })}`}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

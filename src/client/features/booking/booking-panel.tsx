import { Button, Card, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CalendarCheck, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CANCEL_BEFORE_HOURS } from '../../../shared/cancellation.ts';
import { type PackageSuits, packageFit } from '../../../shared/package-suits.ts';
import { todayIn } from '../../../shared/time.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatClock, formatHijriDate, intlLocale } from '../../lib/format.ts';
import { activeLocale, withCatalogs } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';
import { asksAboutYou } from './about-you.ts';
import { registerAlreadyBookedMessage } from './already-booked-message.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { registerBookingPanelErrors } from './booking-panel-errors.ts';
import { CollectionChoice } from './collection-choice.tsx';
import { type HomeAddress, HomeAddressFields, homeAddressMissing, homeAddressReady, lastHomeAddress } from './home-address-fields.tsx';
import type { LabCartItem } from './lab-cart/lab-cart-store.ts';
import { useLabCart } from './lab-cart/use-lab-cart.ts';
import { ONCE, type Repeat } from './repeat.ts';
import { SlotPicker } from './slot-picker.tsx';
import { WaitlistJoin } from './waitlist-join.tsx';

registerAlreadyBookedMessage();
registerBookingPanelErrors();

const HomeVisitPhone = lazy(() =>
  withCatalogs(['auth'], () => import('./home-visit-phone.tsx')).then((module) => ({ default: module.HomeVisitPhone })),
);
// Asked of few, once: its fields and the Hijri calendar load when it opens.
const AboutYouPrompt = lazy(() => import('./about-you-prompt.tsx').then((module) => ({ default: module.AboutYouPrompt })));
// Whom a package is for, said when the patient is not (its text in the packages catalog, which a package's page has).
const PackageSuitsNote = lazy(() =>
  withCatalogs(['packages'], () => import('./package-suits-note.tsx')).then((module) => ({ default: module.PackageSuitsNote })),
);
// "Repeat this test" and its text load once a day is chosen, off the test page's first load.
const RepeatChoice = lazy(() =>
  withCatalogs(['series'], () => import('./repeat-choice.tsx')).then((module) => ({ default: module.RepeatChoice })),
);

export interface BookableOffer {
  labId: string;
  labTestId: number;
  labNameAr: string;
  labNameEn: string;
  testNameAr: string;
  testNameEn: string;
  price: number;
  timeZone: string;
  /** The lab's fee for a home visit (SAR), null when it does not collect at home; its position and radius. */
  homeCollectionFee: number | null;
  homeRadiusKm: number;
  labLatitude: number | null;
  labLongitude: number | null;
  /** The test's fasting hours (null: none), and the latest start the lab offers it at then (null: any). */
  fastingHours: number | null;
  fastingUntil: string | null;
  /** Whether the test's results are judged by the person's sex or age (its ranges, or eGFR from a creatinine). */
  judgedByAgeOrSex: boolean;
  /** A package's: whom it is made for (none: anyone, or a catalogue test). */
  suits?: PackageSuits;
}

/**
 * Date, then time, then the cart or straight to checkout. Book Now stays off until a time is chosen.
 * Opened by the user (not by a link that preselects the lab), it takes the focus to its heading, so
 * keyboard and screen reader users land where they need to be.
 */
export function BookingPanel({ offer, focusOnOpen = false }: { offer: BookableOffer; focusOnOpen?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const authModal = useAuthModal();
  const cart = useLabCart();
  const today = todayIn(offer.timeZone);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [windowEnd, setWindowEnd] = useState<string | null>(null);
  // Where the sample is taken: at the lab, or at home when the lab offers it (and has a position to measure from).
  const area =
    offer.homeCollectionFee !== null && offer.labLatitude !== null && offer.labLongitude !== null
      ? {
          labName: localized(locale, offer.labNameAr, offer.labNameEn),
          latitude: offer.labLatitude,
          longitude: offer.labLongitude,
          radiusKm: offer.homeRadiusKm,
        }
      : null;
  const [atHome, setAtHome] = useState(false);
  // A repeating test's series, at the lab or at home: every visit is held when added (booking.holdSeries).
  const [repeat, setRepeat] = useState<Repeat>(ONCE);
  const series = useMutation(trpc.booking.holdSeries.mutationOptions());
  const repeating = repeat.everyMonths !== 0;
  // Paying each visit when due is an account's: it is told by mail when one is due (ADR 0075).
  const canPayEachVisit = user?.user_type === 'customer' && !user.is_anonymous;
  const payEachVisit = repeating && canPayEachVisit && repeat.payEachVisit;
  const [home, setHome] = useState<HomeAddress>(() => lastHomeAddress.get());
  const homeReady = area !== null && homeAddressReady(home, area);
  // A home visit needs a confirmed number where this site sends SMS (ADR 0074): a customer without one confirms it here.
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled: atHome && Boolean(user), staleTime: Infinity });
  const phoneNeeded = atHome && user?.user_type === 'customer' && !user.verified_phone && providers.data?.phone === true;
  const [patientId, setPatientId] = useState('');
  const family = useQuery({ ...trpc.family.list.queryOptions(), enabled: user?.user_type === 'customer' && !user.is_anonymous });
  const patient = family.data?.find((member) => member.id === patientId);
  // A package for the other sex is not booked for this patient; an age outside its band is only said (ADR 0091).
  const fit = offer.suits
    ? packageFit(
        offer.suits,
        patient
          ? { sex: patient.sex, dateOfBirth: patient.date_of_birth }
          : { sex: user?.sex ?? null, dateOfBirth: user?.date_of_birth ?? null },
        today,
      )
    : 'fits';
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  // A booking for oneself of a test judged by sex or age first asks for them, once (issue #76): what it then goes on with.
  const [afterAboutYou, setAfterAboutYou] = useState<(() => Promise<void>) | null>(null);
  const askingFirst = (action: () => Promise<void>) => {
    if (asksAboutYou(user, offer.judgedByAgeOrSex, Boolean(patient))) setAfterAboutYou(() => action);
    else void action();
  };

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus({ preventScroll: true });
  }, [focusOnOpen]);

  const homeItem =
    atHome && homeReady && windowEnd && offer.homeCollectionFee !== null
      ? {
          home: {
            address: home.address.trim(),
            latitude: home.latitude,
            longitude: home.longitude,
            labId: offer.labId,
            fee: offer.homeCollectionFee,
            endsAt: windowEnd,
          },
        }
      : null;
  const item: LabCartItem | null =
    slot && (!atHome || homeItem) && !phoneNeeded && fit !== 'wrong_sex'
      ? {
          labTestId: offer.labTestId,
          testNameAr: offer.testNameAr,
          testNameEn: offer.testNameEn,
          labNameAr: offer.labNameAr,
          labNameEn: offer.labNameEn,
          price: offer.price,
          bookingTime: slot,
          ...(patient && { familyMemberId: patient.id, patientName: patient.name }),
          ...homeItem,
        }
      : null;

  /** Holds the whole series (all or none), then puts its visits in the cart: each of them, or the first when each is paid when due. */
  const addedSeries = async (next: LabCartItem) => {
    if (user?.user_type !== 'customer' || repeat.everyMonths === 0) {
      authModal.openForBooking();
      return false;
    }
    try {
      const held = await series.mutateAsync({
        labTestId: next.labTestId,
        bookingTime: next.bookingTime,
        everyMonths: repeat.everyMonths,
        visits: repeat.visits,
        payEachVisit,
        ...(next.familyMemberId && { familyMemberId: next.familyMemberId }),
        ...(next.home && { home: { address: next.home.address, latitude: next.home.latitude, longitude: next.home.longitude } }),
      });
      const paidNow = payEachVisit ? held.booking_times.slice(0, 1) : held.booking_times;
      // A home visit's window is as long on every visit: each ends as far after its start as the first.
      const windowMs = next.home ? Date.parse(next.home.endsAt) - Date.parse(next.bookingTime) : 0;
      for (const bookingTime of paidNow) {
        const home = next.home && { ...next.home, endsAt: new Date(Date.parse(bookingTime) + windowMs).toISOString() };
        if (!(await cart.add({ ...next, bookingTime, ...(home && { home }) }))) return false;
      }
      if (next.home) lastHomeAddress.set({ address: next.home.address, latitude: next.home.latitude, longitude: next.home.longitude });
      return true;
    } catch (error) {
      notify.error({ title: t`Could not hold the visits`, description: errorMessage(i18n, error) });
      return false;
    }
  };

  const added = async (next: LabCartItem) => {
    if (repeating) return addedSeries(next);
    if (!(await cart.add(next))) return false;
    if (next.home) lastHomeAddress.set({ address: next.home.address, latitude: next.home.latitude, longitude: next.home.longitude });
    return true;
  };

  const addToCart = async () => {
    if (!item) return;
    if (await added(item))
      notify.success({
        title: payEachVisit
          ? t`The first visit is in your cart`
          : repeating
            ? t`${plural(repeat.visits, { one: '# visit added to your cart', other: '# visits added to your cart' })}`
            : t`Added to your cart`,
        ...(payEachVisit && { description: t`Once it is paid, the other visits are reserved for you until each is due.` }),
      });
  };

  const bookNow = async () => {
    if (!user) {
      authModal.openForBooking();
      return;
    }
    if (!item) return;
    if (await added(item)) void navigate({ to: '/checkout' });
  };

  // What Book Now waits for, said beside it rather than left to a button that does not answer.
  const homeMissing = atHome && area ? homeAddressMissing(home, area) : null;
  const missing = !date
    ? t`Choose a day, then a time.`
    : !slot
      ? atHome
        ? t`Choose a visit window.`
        : t`Choose a time.`
      : homeMissing === 'address'
        ? t`Write your home address above.`
        : homeMissing === 'location'
          ? t`Place your home on the map above: use your current location or tap the map.`
          : homeMissing === 'outside'
            ? t`Your home is outside the area this lab visits: choose another point, another lab or a visit to the lab.`
            : phoneNeeded
              ? t`Confirm your mobile number above.`
              : null;

  const gregorian = date
    ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
    : null;

  return (
    <Card.Root variant="subtle" data-testid="booking-panel">
      <Card.Body gap="4">
        <Heading as="h3" size="md" ref={headingRef} tabIndex={-1} outline="none">
          {t`Choose a day and a time`}
        </Heading>
        {area && offer.homeCollectionFee !== null && (
          <CollectionChoice
            atHome={atHome}
            fee={offer.homeCollectionFee}
            onChange={(next) => {
              // Lab slots and home windows are different times: the chosen one no longer applies.
              setAtHome(next);
              setSlot(null);
              setWindowEnd(null);
            }}
          />
        )}
        {offer.fastingHours ? (
          <Text fontSize="sm" color="fg.muted" data-testid="booking-fasting">
            {offer.fastingUntil
              ? t`This test needs ${plural(offer.fastingHours, { one: '# hour', other: '# hours' })} of fasting (water only), so this lab offers it from opening until ${formatClock(offer.fastingUntil, locale)}.`
              : t`This test needs ${plural(offer.fastingHours, { one: '# hour', other: '# hours' })} of fasting (water only) before the appointment.`}
          </Text>
        ) : null}
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="start">
          <BookingCalendar
            today={today}
            value={date}
            onChange={(next) => {
              // A new day clears the chosen time and loads that day's times.
              setDate(next);
              setSlot(null);
            }}
          />
          <Stack gap="3" flex="1" width="full">
            {date ? (
              <>
                <Stack gap="0">
                  <Text fontWeight="semibold">{gregorian}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatHijriDate(new Date(`${date}T12:00:00Z`), locale, 'UTC')}
                  </Text>
                </Stack>
                <SlotPicker
                  labId={offer.labId}
                  labTestId={offer.labTestId}
                  date={date}
                  timeZone={offer.timeZone}
                  value={slot}
                  home={atHome}
                  near={
                    home.latitude !== null && home.longitude !== null ? { latitude: home.latitude, longitude: home.longitude } : undefined
                  }
                  onChange={(startsAt, endsAt) => {
                    setSlot(startsAt);
                    setWindowEnd(endsAt);
                  }}
                />
                {!atHome && <WaitlistJoin labTestId={offer.labTestId} date={date} />}
                <Suspense fallback={null}>
                  <RepeatChoice
                    labId={offer.labId}
                    value={repeat}
                    onChange={setRepeat}
                    canPayEachVisit={canPayEachVisit}
                    plan={
                      slot && (!atHome || homeItem)
                        ? {
                            labTestId: offer.labTestId,
                            bookingTime: slot,
                            ...(homeItem && {
                              home: {
                                address: homeItem.home.address,
                                latitude: homeItem.home.latitude,
                                longitude: homeItem.home.longitude,
                              },
                            }),
                          }
                        : null
                    }
                  />
                </Suspense>
              </>
            ) : (
              <Text color="fg.muted">{t`Pick a day to see the free times.`}</Text>
            )}
          </Stack>
        </Stack>
        {atHome && area && <HomeAddressFields area={area} value={home} onChange={setHome} />}
        {phoneNeeded && (
          <Suspense fallback={null}>
            <HomeVisitPhone />
          </Suspense>
        )}
        {family.data && family.data.length > 0 && (
          <Field.Root maxWidth="sm">
            <Field.Label>{t`Who is this test for?`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={patientId}
                onChange={(event) => setPatientId(event.currentTarget.value)}
                data-testid="booking-patient"
              >
                <option value="">{t`Me`}</option>
                {family.data.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {offer.suits && fit !== 'fits' && (
          <Suspense fallback={null}>
            <PackageSuitsNote suits={offer.suits} fit={fit} />
          </Suspense>
        )}
        {!item && missing && (
          <Text id={`booking-missing-${offer.labTestId}`} color="fg.muted" fontSize="sm" textAlign="end" data-testid="booking-missing">
            {missing}
          </Text>
        )}
        <HStack gap="3" justify="end" wrap="wrap">
          <Button
            variant="outline"
            disabled={!item}
            loading={cart.adding || series.isPending}
            onClick={() => askingFirst(addToCart)}
            aria-describedby={!item && missing ? `booking-missing-${offer.labTestId}` : undefined}
          >
            <ShoppingCart aria-hidden />
            {t`Add to Cart`}
          </Button>
          <Button
            colorPalette="brand"
            disabled={!item}
            loading={cart.adding || series.isPending}
            onClick={() => askingFirst(bookNow)}
            data-testid="confirm-book-now"
            aria-describedby={!item && missing ? `booking-missing-${offer.labTestId}` : undefined}
          >
            <CalendarCheck aria-hidden />
            {t`Book Now`}
          </Button>
        </HStack>
        {afterAboutYou && user && (
          <Suspense fallback={null}>
            <AboutYouPrompt
              user={user}
              onDone={() => {
                setAfterAboutYou(null);
                void afterAboutYou();
              }}
              onClose={() => setAfterAboutYou(null)}
            />
          </Suspense>
        )}
        <Text fontSize="xs" color="fg.muted" textAlign="end" data-testid="booking-terms">
          {t`You can move or cancel free of charge up to ${CANCEL_BEFORE_HOURS} hours before the appointment. A missed appointment is not refunded.`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

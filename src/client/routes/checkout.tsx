import { Alert, Box, Button, Card, Container, Grid, Heading, HStack, Input, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CreditCard, Lock } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { priceCheckout, withInsurer, withPromo } from '../../shared/checkout-pricing.ts';
import { homeVisitFees } from '../../shared/home-collection.ts';
import { formatSar, halalasToSar, sarToHalalas, vatIncluded } from '../../shared/money.ts';
import { Price } from '../components/price.tsx';
import { notify } from '../components/ui/toaster.tsx';
import { type CoverageCheck, cartCoverageOf, insurancePaymentOf } from '../features/booking/checkout-coverage.ts';
import { CheckoutSeries } from '../features/booking/checkout-series.tsx';
import { checkoutKey, forgetCheckoutKey } from '../features/booking/lab-cart/checkout-key.ts';
import { LabCartLine, LabCartLinePlaceholder, labCartLineKey } from '../features/booking/lab-cart/lab-cart-line.tsx';
import { labCartStore, useLabCartItemsOnceRead } from '../features/booking/lab-cart/lab-cart-store.ts';
import { seatOf, useLabCart } from '../features/booking/lab-cart/use-lab-cart.ts';
import { GatewayPaymentFields } from '../features/payments/gateway-payment-fields.tsx';
import { PromoCodeField } from '../features/payments/promo-code-field.tsx';
import { useGatewayPayment } from '../features/payments/use-gateway-payment.ts';
import { useWalletPart, WalletPaySwitch } from '../features/payments/wallet-pay-switch.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { isolated, localized } from '../lib/bidi.ts';
import { errorCode, errorDetails, errorMessage } from '../lib/errors.ts';
import { formatList } from '../lib/format.ts';
import { activeLocale, withCatalogs } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSession } from '../lib/use-session.ts';

/** How often, and how long apart, the page asks again while an earlier request for its checkout is paying (about 30 s in all). */
const HomeVisitPhone = lazy(() =>
  withCatalogs(['auth'], () => import('../features/booking/home-visit-phone.tsx')).then((module) => ({ default: module.HomeVisitPhone })),
);

// Health insurance at checkout (issue #80 item 4): its code and text load only when someone in the cart has a card in force.
const CheckoutCoverageCard = lazy(() =>
  withCatalogs(['coverage'], () => import('../features/booking/checkout-coverage-card.tsx')).then((module) => ({
    default: module.CheckoutCoverageCard,
  })),
);

const EARLIER_REQUEST_ASKS = 15;
const EARLIER_REQUEST_PAUSE_MS = 2000;

// Drawn on the server without the cart, which only the browser keeps (its lines and amounts are
// place-holders there); the page fills them in once it runs, and sends an empty cart's visitor home
// (spec §2). A redirect before the page is drawn would leave the server's page for another.
export const Route = createFileRoute('/checkout')({
  component: CheckoutPage,
});

/** An amount, or its place while the cart is not read yet. */
function Amount({ read, ...props }: { read: boolean } & ComponentProps<typeof Price>) {
  return read ? <Price {...props} /> : <Skeleton height="0.8lh" width="20" my="0.1lh" />;
}

function CheckoutPage() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  usePageMeta({ title: t`Checkout` });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Undefined on the server and while the server's page is taken over: the cart is read after.
  const stored = useLabCartItemsOnceRead();
  const read = stored !== undefined;
  const items = stored ?? [];
  const cart = useLabCart();
  const { user, isLoading } = useSession();
  const authModal = useAuthModal();
  // A promo code's discount, as the server priced it for this cart: forgotten when the cart changes.
  const [promo, setPromo] = useState<{ code: string; shares: number[]; cart: string } | null>(null);
  const promoQuote = useMutation(trpc.booking.promoQuote.mutationOptions());
  const cartKey = items.map(labCartLineKey).join('|');
  // The customer's plan adds its booking fee and takes off its discount, as the server will (a visitor: Basic).
  const planPricing = priceCheckout(
    user?.subscription_tier ?? 'basic',
    items.map((item) => sarToHalalas(item.price)),
    // One fee per home visit (a lab and a window), as the server charges it.
    homeVisitFees(
      items.map((item) =>
        item.home ? { labId: item.home.labId, startsAt: item.bookingTime, feeHalalas: sarToHalalas(item.home.fee) } : null,
      ),
    ),
  );

  // The account's insurance cards, once (a guest has none): the coverage card loads when a person in the cart has one in force.
  const signedInCustomer = user?.user_type === 'customer' && !user.is_anonymous;
  const policies = useQuery({ ...trpc.insurance.mine.queryOptions(), enabled: signedInCustomer && read && items.length > 0 });
  const insuredInCart = (policies.data ?? []).filter(
    (policy) => policy.in_force && items.some((item) => (item.familyMemberId ?? null) === policy.family_member_id),
  );
  // Paying only the person's share (ADR 0099): the card asks the insurer per visit; the page keeps the answers
  // it shows (by each visit's ask, so a visit whose tests change is asked again) and pays by them.
  const cartTests = useQuery({
    ...trpc.insuranceCoverage.cartTests.queryOptions(
      { labTestIds: [...new Set(items.map((item) => item.labTestId))] },
      { staleTime: Infinity },
    ),
    enabled: insuredInCart.length > 0,
  });
  const cartCoverage = cartTests.data && insuredInCart.length > 0 ? cartCoverageOf(items, cartTests.data, insuredInCart) : null;
  const [coverageChecks, setCoverageChecks] = useState<ReadonlyMap<string, CoverageCheck>>(() => new Map());
  // Above 0 once the insurer's answer changed at payment: the card asks again at once.
  const [coverageRound, setCoverageRound] = useState(0);
  // COVERAGE_UNANSWERED's details, for the cart it was said of.
  const [refusedAtPayment, setRefusedAtPayment] = useState<{ details: Record<string, unknown>; cart: string } | null>(null);
  // What the person came for: once the insurer has answered, insurance pays its part unless they choose the full price.
  const [payWithInsurance, setPayWithInsurance] = useState(true);
  const insurance = cartCoverage && insurancePaymentOf(cartCoverage, coverageChecks);
  const insuredPricing = insurance && withInsurer(planPricing, insurance.sharesHalalas);
  const insuranceOffered = insuredPricing !== null && insuredPricing.insurer_share_halalas > 0;
  const insured = insuranceOffered && payWithInsurance ? insurance : null;
  const insurerNames = formatList(
    (insurance?.payingPolicies ?? []).map((policy) => localized(locale, policy.insurer_name_ar, policy.insurer_name_en)),
    locale,
  );
  // Insurance and promo codes do not combine (ADR 0099): paying with insurance drops an applied code.
  const appliedPromo = !insured && promo && promo.cart === cartKey && promo.shares.length === items.length ? promo : null;
  const paysWithInsurance = insured !== null;
  useEffect(() => {
    if (paysWithInsurance) setPromo(null);
  }, [paysWithInsurance]);
  const askCoverageAgain = () => {
    setCoverageChecks(new Map());
    setCoverageRound((round) => round + 1);
    setRefusedAtPayment(null);
    setPayWithInsurance(true);
  };

  const pricing =
    insured && insuredPricing ? insuredPricing : appliedPromo ? withPromo(planPricing, appliedPromo.shares.map(sarToHalalas)) : planPricing;
  const { feePercent, discountPercent } = pricing;
  const totalHalalas = pricing.total_halalas;
  const vat = halalasToSar(vatIncluded(totalHalalas));
  // The wallet pays what it holds of the total when the customer chooses it; the card the rest (ADR 0093).
  const [payFromWallet, setPayFromWallet] = useState(false);
  const { balanceHalalas, walletHalalas, cardHalalas } = useWalletPart(totalHalalas, payFromWallet, signedInCustomer);

  // A signed-out visitor with tests to pay for is asked at once to log in or go on as a guest, and stays here.
  const asked = useRef(false);
  useEffect(() => {
    if (isLoading || user || items.length === 0 || asked.current) return;
    asked.current = true;
    authModal.openForBooking();
  }, [isLoading, user, items.length, authModal]);

  // Moyasar: the page pays at the gateway itself, by card or STC Pay; else the simulated payment.
  const method = useQuery(trpc.booking.paymentMethod.queryOptions());
  // A home visit put in the cart before signing in: its number is confirmed here (ADR 0074).
  const hasHomeVisit = items.some((item) => item.home);
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled: hasHomeVisit && Boolean(user), staleTime: Infinity });
  const phoneNeeded = hasHomeVisit && user?.user_type === 'customer' && !user.verified_phone && providers.data?.phone === true;
  const atGateway = method.data?.provider === 'moyasar';
  const gateway = useGatewayPayment({
    methods: ['card', 'stcpay', 'applepay'],
    total: { amountHalalas: cardHalalas, currency: 'SAR' },
    // A new STC Pay code after a wrong one: the same checkout claimed again (its key), its seats held on.
    restart: () => startCheckout(),
  });

  // Asked again while an earlier request for this checkout (a tap before a reload, another tap) is still
  // paying: the server answers that request's outcome once it has one, so the page waits for it.
  const [waitingForEarlier, setWaitingForEarlier] = useState(false);
  const earlierAsks = useRef(0);
  const sending = useRef(false);
  const create = useMutation(
    trpc.booking.create.mutationOptions({
      onSuccess: async (result) => {
        setWaitingForEarlier(false);
        earlierAsks.current = 0;
        if ('payment' in result) {
          await gateway.pay(result);
          return;
        }
        forgetCheckoutKey();
        labCartStore.set([]);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() }),
          // A waitlist offer just booked leaves the list (issue #77 item 5).
          queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.billing.invoices.queryKey() }),
        ]);
        const total = formatSar(result.total_price, locale);
        const fee = formatSar(result.booking_fee, locale);
        const fromWallet = formatSar(result.wallet_paid, locale);
        const insurerPart = formatSar(result.insurer_paid, locale);
        const paid =
          result.wallet_paid > 0
            ? t`Paid ${total} (${fromWallet} from your wallet), including a booking fee of ${fee}. Your tax invoice is in your dashboard.`
            : t`Paid ${total}, including a booking fee of ${fee}. Your tax invoice is in your dashboard.`;
        notify.success({
          title: t`Your booking is confirmed!`,
          description: result.insurer_paid > 0 ? `${paid} ${t`${isolated(insurerNames)} pays ${insurerPart} of the tests' price.`}` : paid,
        });
        await navigate({ to: '/dashboard' });
      },
      onError: (error) => {
        if (errorCode(error) === 'CHECKOUT_IN_PROGRESS' && earlierAsks.current < EARLIER_REQUEST_ASKS) {
          earlierAsks.current += 1;
          setWaitingForEarlier(true);
          setTimeout(startCheckout, EARLIER_REQUEST_PAUSE_MS);
          return;
        }
        setWaitingForEarlier(false);
        earlierAsks.current = 0;
        gateway.abandon();
        const code = errorCode(error);
        // The code went meanwhile (its last use, its end): the summary drops its line, the toast says why.
        if (code === 'PROMO_REFUSED') setPromo(null);
        // The insurer's answer at payment is not the one shown (ADR 0099): the card asks again and shows the new one.
        if (code === 'COVERAGE_CHANGED') askCoverageAgain();
        // The insurer could not be asked at payment: the card says why, and the full price is chosen, one tap from paying.
        if (code === 'COVERAGE_UNANSWERED') {
          setRefusedAtPayment({ details: errorDetails(error) ?? {}, cart: cartKey });
          setPayWithInsurance(false);
        }
        const nothingCharged = code === 'COVERAGE_CHANGED' || code === 'COVERAGE_UNANSWERED';
        notify.error({
          title: nothingCharged ? t`Not booked: nothing was charged` : t`Booking failed. Please try again.`,
          description: errorMessage(i18n, error),
        });
      },
    }),
  );

  const pay = () => {
    if (!user) {
      authModal.openForBooking();
      return;
    }
    if (atGateway && cardHalalas > 0 && !gateway.check()) return;
    startCheckout();
  };
  function startCheckout() {
    // One request at a time: a second tap before the page shows it is paying changes nothing.
    if (sending.current) return;
    sending.current = true;
    create.mutate(
      {
        items: items.map((item) => ({ ...seatOf(item), familyMemberId: item.familyMemberId })),
        idempotencyKey: checkoutKey(),
        promoCode: appliedPromo?.code,
        useWallet: walletHalalas > 0,
        coverageMessageIds: insured?.messageIds,
      },
      { onSettled: () => (sending.current = false) },
    );
  }
  const paying = create.isPending || waitingForEarlier || gateway.working;

  // An empty cart, found on arrival or emptied in another tab: nothing to pay for, so home (after paying,
  // onSuccess goes on to the dashboard). Only once the cart is read: the server's page has none.
  const emptied = read && items.length === 0 && create.isIdle;
  useEffect(() => {
    if (emptied) void navigate({ to: '/', replace: true });
  }, [emptied, navigate]);
  if (emptied) return null;

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t`Checkout`}
        </Heading>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
          <Stack gap="6">
            <Card.Root variant="outline">
              <Card.Header>
                <Heading as="h2" size="md">
                  {t`Order summary`}
                </Heading>
              </Card.Header>
              <Card.Body>
                <Stack gap="4" as="ul" listStyleType="none" aria-busy={!read}>
                  {!read && <LabCartLinePlaceholder />}
                  {items.map((item, index) => (
                    <LabCartLine
                      key={labCartLineKey(item)}
                      item={item}
                      onRemove={() => cart.remove(index)}
                      removeDisabled={paying}
                      data-testid="checkout-item"
                    />
                  ))}
                </Stack>
                {user && read && <CheckoutSeries cart={items} />}
                <Separator my="4" />
                <Stack gap="1">
                  <HStack justify="space-between" color="fg.muted">
                    <Text>{t`Tests (VAT included)`}</Text>
                    <Amount
                      read={read}
                      value={halalasToSar(pricing.subtotal_halalas)}
                      fontWeight="normal"
                      data-testid="checkout-subtotal"
                    />
                  </HStack>
                  {/* The plan's discount is known before the cart is: its row is kept while the amount comes. */}
                  {(read ? pricing.discount_halalas > 0 : discountPercent > 0) && (
                    <HStack justify="space-between" color="fg.muted">
                      <Text>{t`Premium plan discount (${discountPercent}%)`}</Text>
                      <Amount
                        read={read}
                        value={-halalasToSar(pricing.discount_halalas)}
                        fontWeight="normal"
                        data-testid="checkout-discount"
                      />
                    </HStack>
                  )}
                  {appliedPromo && (
                    <HStack justify="space-between" color="fg.muted">
                      <Text>
                        {t`Promo code`} <bdi dir="ltr">{appliedPromo.code}</bdi>
                      </Text>
                      <Price value={-halalasToSar(pricing.promo_discount_halalas)} fontWeight="normal" data-testid="checkout-promo" />
                    </HStack>
                  )}
                  {pricing.insurer_share_halalas > 0 && (
                    <HStack justify="space-between" color="fg.muted">
                      <Text>{t`Paid by ${isolated(insurerNames)}`}</Text>
                      <Price value={-halalasToSar(pricing.insurer_share_halalas)} fontWeight="normal" data-testid="checkout-insurer" />
                    </HStack>
                  )}
                  {pricing.home_collection_halalas > 0 && (
                    <HStack justify="space-between" color="fg.muted">
                      <Text>{t`Home sample collection`}</Text>
                      <Price value={halalasToSar(pricing.home_collection_halalas)} fontWeight="normal" data-testid="checkout-home-fee" />
                    </HStack>
                  )}
                  <HStack justify="space-between" color="fg.muted">
                    <Text>{t`Booking fee (${feePercent}%)`}</Text>
                    <Amount read={read} value={halalasToSar(pricing.fee_halalas)} fontWeight="normal" data-testid="checkout-fee" />
                  </HStack>
                  <Separator my="1" />
                  {/* Every amount above is VAT-inclusive, as every price is: the total's VAT is taken out below, not added (#77 item 15). */}
                  <Text fontSize="sm" color="fg.muted" data-testid="checkout-vat-included">
                    {t`All prices and fees include 15% VAT. Of the total:`}
                  </Text>
                  <HStack justify="space-between" color="fg.muted">
                    <Text>{t`Subtotal before VAT`}</Text>
                    <Amount read={read} value={halalasToSar(totalHalalas) - vat} fontWeight="normal" />
                  </HStack>
                  <HStack justify="space-between" color="fg.muted">
                    <Text>{t`VAT (15%)`}</Text>
                    <Amount read={read} value={vat} fontWeight="normal" />
                  </HStack>
                  <HStack justify="space-between" fontSize="lg">
                    <Text fontWeight="bold">{t`Total (VAT included)`}</Text>
                    <Amount read={read} value={halalasToSar(totalHalalas)} data-testid="checkout-total" />
                  </HStack>
                  {read && walletHalalas > 0 && (
                    <>
                      <HStack justify="space-between" color="fg.muted">
                        <Text>{t`Paid from your wallet`}</Text>
                        <Price value={-halalasToSar(walletHalalas)} fontWeight="normal" data-testid="checkout-wallet" />
                      </HStack>
                      <HStack justify="space-between" fontWeight="bold">
                        <Text>{t`To pay by card`}</Text>
                        <Price value={halalasToSar(cardHalalas)} data-testid="checkout-card" />
                      </HStack>
                    </>
                  )}
                </Stack>
              </Card.Body>
            </Card.Root>
            {insuredInCart.length > 0 && (
              <Suspense fallback={null}>
                <CheckoutCoverageCard
                  visits={cartCoverage?.visits}
                  failed={cartTests.isError}
                  checks={coverageChecks}
                  onChecked={(ask, check) => setCoverageChecks((checks) => new Map(checks).set(ask, check))}
                  round={coverageRound}
                  choice={
                    insuranceOffered && insuredPricing
                      ? { withInsurance: insuredPricing.total_halalas, fullPrice: planPricing.total_halalas }
                      : null
                  }
                  payWithInsurance={payWithInsurance}
                  onPayWithInsuranceChange={setPayWithInsurance}
                  refusedAtPayment={refusedAtPayment?.cart === cartKey ? refusedAtPayment.details : null}
                  onAskAgain={askCoverageAgain}
                  disabled={paying}
                />
              </Suspense>
            )}
          </Stack>

          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="md">
                {t`Payment`}
              </Heading>
            </Card.Header>
            <Card.Body gap="4">
              {cardHalalas === 0 && read ? (
                <Text color="fg.muted" data-testid="wallet-pays-all">
                  {t`Your wallet pays the whole total: no card is needed.`}
                </Text>
              ) : atGateway ? (
                <GatewayPaymentFields payment={gateway} disabled={paying} />
              ) : (
                <>
                  <Alert.Root status="info">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t`Your card will not be charged`}</Alert.Title>
                      <Alert.Description>
                        {t`Online card payment is not open yet. Your booking is confirmed without any charge to your card.`}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                  <Box>
                    <Text fontSize="sm" mb="1" id="card-label">
                      {t`Card number`}
                    </Text>
                    <HStack>
                      <CreditCard size={18} aria-hidden />
                      <Input aria-labelledby="card-label" value="4242 4242 4242 4242" readOnly dir="ltr" />
                    </HStack>
                  </Box>
                </>
              )}
              {user && read && items.length > 0 && (
                <WalletPaySwitch
                  balance={balanceHalalas > 0 ? formatSar(halalasToSar(balanceHalalas), locale) : null}
                  checked={payFromWallet}
                  onChange={setPayFromWallet}
                  disabled={paying}
                />
              )}
              {user && read && items.length > 0 && insured && (
                <Text fontSize="sm" color="fg.muted" data-testid="promo-with-insurance">
                  {t`Offers and promo codes do not apply when your insurance pays part of the price.`}
                </Text>
              )}
              {user && read && items.length > 0 && !insured && (
                <PromoCodeField
                  quote={(code) =>
                    promoQuote.mutateAsync({ code, items: items.map((item) => ({ ...seatOf(item), familyMemberId: item.familyMemberId })) })
                  }
                  applied={appliedPromo}
                  onApplied={(applied) => setPromo(applied && { ...applied, cart: cartKey })}
                  disabled={paying}
                />
              )}
              {phoneNeeded && (
                <Suspense fallback={null}>
                  <HomeVisitPhone />
                </Suspense>
              )}
              {!gateway.codeSentTo && (
                <Button
                  colorPalette="brand"
                  size="lg"
                  onClick={pay}
                  loading={paying}
                  disabled={method.isPending || !read || phoneNeeded}
                  loadingText={t`Processing payment…`}
                  data-testid="pay"
                >
                  <Lock aria-hidden />
                  {read && walletHalalas > 0 && cardHalalas === 0 ? (
                    t`Pay from my wallet`
                  ) : (
                    <>
                      {t`Pay`} {read && <bdi>{formatSar(halalasToSar(cardHalalas), locale)}</bdi>}
                    </>
                  )}
                </Button>
              )}
            </Card.Body>
          </Card.Root>
        </Grid>
      </Stack>
    </Container>
  );
}

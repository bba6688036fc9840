import {
  Alert,
  Badge,
  Button,
  Card,
  Link as ChakraLink,
  Heading,
  HStack,
  RadioCard,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { COVERAGE_CHECK_TESTS_MAX } from '../../../shared/insurance-coverage-schemas.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { Price } from '../../components/price.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatList } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import type { CoverageCheck, CoverageVisit } from './checkout-coverage.ts';
import { registerCheckoutCoverageErrors } from './checkout-coverage-errors.ts';

type Answered = Extract<CoverageCheck, { status: 'answered' }>;
type Unanswered = Extract<CoverageCheck, { status: 'unanswered' }>;
type Reason = Unanswered['reason'];

/** Every reason a check gives for not answering (ADR 0098): a refusal at payment names one of them. */
const reasons: Record<Reason, true> = {
  no_insurance: true,
  identity_not_verified: true,
  profile_incomplete: true,
  lab_not_in_network: true,
  lab_not_connected: true,
  test_without_billing_code: true,
  card_not_accepted: true,
  nphies_timeout: true,
  nphies_refused: true,
};

registerCheckoutCoverageErrors();

/** The check refused at payment (COVERAGE_UNANSWERED's details) as the card words a check's reason; null for a reason it does not know. */
function refusalOf(details: Record<string, unknown>): Unanswered | null {
  const reason = details.reason;
  if (typeof reason !== 'string' || !(reason in reasons)) return null;
  return { status: 'unanswered', reason: reason as Reason };
}

interface CheckoutCoverageCardProps {
  /** The cart's insured visits; undefined while the cart's tests are read. */
  visits: CoverageVisit[] | undefined;
  /** The cart's tests could not be read. */
  failed: boolean;
  /** The answers shown, by each visit's ask (the page holds them: it pays by them). */
  checks: ReadonlyMap<string, CoverageCheck>;
  onChecked: (ask: string, check: CoverageCheck) => void;
  /** Above 0 once the insurer's answer changed at payment: each visit is asked again as it shows. */
  round: number;
  /** What the person pays either way, in halalas, once the insurer has answered for every visit and pays part; else null. */
  choice: { withInsurance: number; fullPrice: number } | null;
  payWithInsurance: boolean;
  onPayWithInsuranceChange: (withInsurance: boolean) => void;
  /** COVERAGE_UNANSWERED's details when the insurer could not be asked at payment (its reason), and asking again. */
  refusedAtPayment: Record<string, unknown> | null;
  onAskAgain: () => void;
  disabled?: boolean;
}

/**
 * "Health insurance" at the lab-test checkout (issue #80 item 4, ADR 0099): for each lab, person and day
 * of the cart whose person has a card in force, the person asks their insurer (through the lab's NPHIES
 * connection) which tests are covered and what their share is; once every visit is answered, they choose
 * to pay only their share or the full price. Loaded with its text only for such a cart.
 */
export function CheckoutCoverageCard(props: CheckoutCoverageCardProps) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { visits, checks } = props;
  if (visits?.length === 0) return null;
  const refusal = props.refusedAtPayment && refusalOf(props.refusedAtPayment);
  // Answered, or not insured on its day after all (its card ends before): the price is settled either way.
  const settled = (check: CoverageCheck | undefined) =>
    check?.status === 'answered' || (check?.status === 'unanswered' && check.reason === 'no_insurance');
  const allAnswered = visits?.every((visit) => settled(checks.get(visit.ask)));
  const insurers = formatList(
    [...new Set((visits ?? []).map((visit) => localized(locale, visit.policy.insurer_name_ar, visit.policy.insurer_name_en)))],
    locale,
  );

  return (
    <Card.Root variant="outline" data-testid="coverage-card">
      <Card.Header>
        <HStack gap="2">
          <ShieldCheck aria-hidden size={20} />
          <Heading as="h2" size="md">
            {t`Health insurance`}
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t`Ask your insurer which of these tests it covers and what your share is, before you pay.`}
        </Text>
      </Card.Header>
      <Card.Body>
        {props.failed ? (
          <Text color="fg.error">{t`Could not read your cart's tests. Reload the page to check your coverage.`}</Text>
        ) : visits === undefined ? (
          <Skeleton height="20" />
        ) : (
          <Stack gap="4">
            {props.refusedAtPayment && (
              <Stack gap="2" data-testid="coverage-refused-at-payment">
                <Text fontWeight="semibold">{t`When you paid, your insurer could not be asked. Nothing was charged.`}</Text>
                {refusal && <UnansweredCoverage answer={refusal} insurer={insurers} onRetry={props.onAskAgain} />}
              </Stack>
            )}
            {visits.map((visit, index) => (
              <Stack key={`${visit.ask}#${props.round}`} gap="4">
                {index > 0 && <Separator />}
                <VisitCoverage visit={visit} check={checks.get(visit.ask)} onChecked={props.onChecked} askAtOnce={props.round > 0} />
              </Stack>
            ))}
            <Separator />
            {props.choice ? (
              <PaymentChoice
                choice={props.choice}
                insurers={insurers}
                payWithInsurance={props.payWithInsurance}
                onChange={props.onPayWithInsuranceChange}
                disabled={props.disabled}
              />
            ) : (
              <Text fontWeight="medium" data-testid="coverage-pays-full">
                {allAnswered
                  ? t`Your insurer pays none of these tests, so you pay the full price.`
                  : visits.length > 1
                    ? t`You pay the full price until your insurer has answered for every visit.`
                    : t`You pay the full price until your insurer has answered.`}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted" data-testid="coverage-estimate-note">
              {t`What your insurer pays is its estimate: the lab claims it from your insurer after your visit. A test that needs your insurer's approval is paid in full for now.`}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Paying only the person's share, or the full price: asked once the insurer has answered for every visit. */
function PaymentChoice(props: {
  choice: { withInsurance: number; fullPrice: number };
  insurers: string;
  payWithInsurance: boolean;
  onChange: (withInsurance: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const options = [
    {
      value: 'insurance',
      label: t`Pay my share with insurance`,
      description: t`${isolated(props.insurers)} pays its part of the tests' price; you pay your share and the fees. Offers and promo codes do not apply.`,
      amount: props.choice.withInsurance,
    },
    {
      value: 'full',
      label: t`Pay the full price`,
      description: t`Without insurance. A promo code can be used.`,
      amount: props.choice.fullPrice,
    },
  ];
  return (
    <RadioCard.Root
      value={props.payWithInsurance ? 'insurance' : 'full'}
      onValueChange={(details) => props.onChange(details.value === 'insurance')}
      colorPalette="brand"
      variant="outline"
      disabled={props.disabled}
      data-testid="coverage-choice"
    >
      <RadioCard.Label fontWeight="semibold" mb="2">
        {t`How do you want to pay?`}
      </RadioCard.Label>
      <Stack gap="2">
        {options.map((option) => (
          <RadioCard.Item key={option.value} value={option.value} data-testid={`coverage-choice-${option.value}`}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemIndicator />
              <RadioCard.ItemContent>
                <HStack justify="space-between" align="start" width="full" gap="3">
                  <RadioCard.ItemText>{option.label}</RadioCard.ItemText>
                  <Price value={halalasToSar(option.amount)} />
                </HStack>
                <RadioCard.ItemDescription>{option.description}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </Stack>
    </RadioCard.Root>
  );
}

function VisitCoverage({
  visit,
  check,
  onChecked,
  askAtOnce,
}: {
  visit: CoverageVisit;
  check: CoverageCheck | undefined;
  onChecked: (ask: string, check: CoverageCheck) => void;
  askAtOnce: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const insurer = localized(locale, visit.policy.insurer_name_ar, visit.policy.insurer_name_en);
  const lab = localized(locale, visit.labNameAr, visit.labNameEn);
  const day = formatDate(new Date(visit.bookingTime), locale);
  const asking = useMutation(trpc.insuranceCoverage.check.mutationOptions());
  const ask = () =>
    asking.mutate(
      {
        labId: visit.labId,
        testIds: visit.testIds.slice(0, COVERAGE_CHECK_TESTS_MAX),
        familyMemberId: visit.familyMemberId,
        date: visit.date,
      },
      { onSuccess: (answer) => onChecked(visit.ask, answer) },
    );
  // Asked again at once when the insurer's answer changed at payment: the person came to pay their share.
  const askedAtOnce = useRef(false);
  useEffect(() => {
    if (!askAtOnce || askedAtOnce.current) return;
    askedAtOnce.current = true;
    ask();
  });

  return (
    <Stack gap="3" data-testid="coverage-group">
      <Stack gap="0.5">
        <Text fontWeight="semibold">
          {visit.patientName ? t`${isolated(visit.patientName)}'s visit to ${isolated(lab)}` : t`Your visit to ${isolated(lab)}`}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {day}
        </Text>
      </Stack>
      {asking.isPending ? (
        <Alert.Root status="info" aria-live="polite" data-testid="coverage-asking">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Asking ${isolated(insurer)}…`}</Alert.Title>
            <Alert.Description>{t`Insurers can take up to 20 seconds to answer. Please keep this page open.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : check?.status === 'answered' ? (
        <AnsweredCoverage answer={check} insurer={insurer} />
      ) : check?.status === 'unanswered' ? (
        <UnansweredCoverage answer={check} insurer={insurer} onRetry={ask} />
      ) : asking.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Could not check your coverage`}</Alert.Title>
            <Alert.Description>{errorMessage(i18n, asking.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {!asking.isPending && !check && (
        <Button variant="outline" colorPalette="brand" alignSelf="start" onClick={ask} data-testid="check-coverage">
          <ShieldCheck aria-hidden />
          {t`Check coverage with ${isolated(insurer)}`}
        </Button>
      )}
    </Stack>
  );
}

function CoverageBadge({ coverage }: { coverage: Answered['tests'][number]['coverage'] }) {
  const { t } = useLingui();
  if (coverage === 'covered') return <Badge alignSelf="start" colorPalette="green">{t`Covered`}</Badge>;
  if (coverage === 'prior-auth-required') return <Badge alignSelf="start" colorPalette="orange">{t`Needs your insurer's approval`}</Badge>;
  return <Badge alignSelf="start" colorPalette="gray">{t`Not covered`}</Badge>;
}

function AnsweredCoverage({ answer, insurer }: { answer: Answered; insurer: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="3" data-testid="coverage-answer">
      {!answer.eligible && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {t`${isolated(insurer)} says your policy does not cover visits at this lab on this day: these tests are yours to pay.`}
          </Alert.Description>
        </Alert.Root>
      )}
      <Stack as="ul" listStyleType="none" gap="2">
        {answer.tests.map((test) => (
          <Stack
            as="li"
            key={test.testId}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            gap="1"
            data-testid="coverage-test"
            data-coverage={test.coverage}
          >
            <Stack gap="1" minWidth="0">
              <Text>{localized(locale, test.name_ar, test.name_en)}</Text>
              <CoverageBadge coverage={test.coverage} />
            </Stack>
            <Stack gap="0" align={{ base: 'start', sm: 'end' }} flexShrink={0} fontSize="sm">
              <HStack gap="1">
                <Text>{t`Your share`}</Text>
                <Price value={test.patientShareSar} />
              </HStack>
              <HStack gap="1" color="fg.muted">
                <Text>{t`Price`}</Text>
                <Price value={test.priceSar} fontWeight="normal" />
              </HStack>
            </Stack>
          </Stack>
        ))}
      </Stack>
      <Stack gap="1" borderTopWidth="1px" pt="2" fontSize="sm">
        <HStack justify="space-between">
          <Text>{t`Tests' price`}</Text>
          <Price value={answer.totals.priceSar} fontWeight="normal" />
        </HStack>
        <HStack justify="space-between" color="fg.muted">
          <Text>{t`Paid by ${isolated(insurer)}`}</Text>
          <Price value={answer.totals.insurerShareSar} fontWeight="normal" />
        </HStack>
        <HStack justify="space-between" fontWeight="bold">
          <Text>{t`Your share`}</Text>
          <Price value={answer.totals.patientShareSar} data-testid="coverage-your-share" />
        </HStack>
      </Stack>
      {answer.tests.some((test) => test.coverage === 'prior-auth-required') && (
        <Text fontSize="sm" color="fg.muted">
          {t`A test that needs your insurer's approval is covered only once the insurer approves it.`}
        </Text>
      )}
    </Stack>
  );
}

const settingsLink = (hash: string) => ({ to: '/dashboard', search: { section: 'settings' }, hash }) as const;

/** Why the insurer could not be asked, or did not answer, in the person's words, with what fixes it. */
function UnansweredCoverage({ answer, insurer, onRetry }: { answer: Unanswered; insurer: string; onRetry: () => void }) {
  const { t } = useLingui();
  const reason = answer.reason;
  const [title, description, action]: [string, string | null, ReactNode] =
    reason === 'no_insurance'
      ? [t`Your insurance is not in force on the visit's day`, t`Check the card's end date in your account, or pay the full price.`, null]
      : reason === 'identity_not_verified'
        ? [
            t`Your ID number is not verified yet`,
            t`Insurers need an ID number verified with Nafath. It takes a minute in the Nafath app.`,
            <ChakraLink asChild variant="underline" colorPalette="brand" fontWeight="medium" key="nafath">
              <Link {...settingsLink('national-id')}>{t`Verify your ID with Nafath`}</Link>
            </ChakraLink>,
          ]
        : reason === 'profile_incomplete'
          ? [
              t`Your profile is missing your sex or date of birth`,
              t`Insurers need both to check your coverage.`,
              <ChakraLink asChild variant="underline" colorPalette="brand" fontWeight="medium" key="profile">
                <Link {...settingsLink('about-you')}>{t`Add your sex and date of birth`}</Link>
              </ChakraLink>,
            ]
          : reason === 'lab_not_in_network'
            ? [
                t`This lab is not in your insurer's network`,
                t`Search shows the labs your insurance covers.`,
                <ChakraLink asChild variant="underline" colorPalette="brand" fontWeight="medium" key="search">
                  <Link to="/search" search={{ covered: true }}>
                    {t`Find labs covered by my insurance`}
                  </Link>
                </ChakraLink>,
              ]
            : reason === 'lab_not_connected'
              ? [
                  t`This lab cannot check coverage online yet`,
                  t`You can book paying the full price, or ask the lab about your insurance.`,
                  null,
                ]
              : reason === 'test_without_billing_code'
                ? [
                    t`This lab cannot check some of these tests online yet`,
                    t`You can book paying the full price, or ask the lab about your insurance.`,
                    null,
                  ]
                : reason === 'card_not_accepted'
                  ? [
                      t`Your insurer could not be asked with your card as saved`,
                      t`Check the member number on your card in your account.`,
                      <ChakraLink asChild variant="underline" colorPalette="brand" fontWeight="medium" key="card">
                        <Link {...settingsLink('insurance')}>{t`Check your insurance card`}</Link>
                      </ChakraLink>,
                    ]
                  : reason === 'nphies_timeout'
                    ? [
                        t`${isolated(insurer)} did not answer in time`,
                        t`You can try again in a moment, or book now paying the full price.`,
                        <Button key="retry" size="sm" variant="outline" onClick={onRetry} data-testid="coverage-retry">
                          {t`Try again`}
                        </Button>,
                      ]
                    : [t`${isolated(insurer)} did not accept the request`, null, null];
  const reasons = reason === 'nphies_refused' ? (answer.nphiesReasons ?? []) : [];
  return (
    <Alert.Root status={reason === 'nphies_timeout' ? 'warning' : 'info'} data-testid="coverage-unanswered" data-reason={reason}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        {description && <Alert.Description>{description}</Alert.Description>}
        {reasons.length > 0 && (
          <Stack as="ul" gap="0.5" ps="4" fontSize="sm">
            {reasons.map((item) => (
              <li key={item.code}>{item.display ? <bdi>{item.display}</bdi> : <bdi dir="ltr">{item.code}</bdi>}</li>
            ))}
          </Stack>
        )}
        {action && <HStack>{action}</HStack>}
      </Alert.Content>
    </Alert.Root>
  );
}

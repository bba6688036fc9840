import { Alert, Badge, Button, Card, Link as ChakraLink, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { COVERAGE_CHECK_TESTS_MAX } from '../../../shared/insurance-coverage-schemas.ts';
import { Price } from '../../components/price.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import type { LabCartItem } from './lab-cart/lab-cart-store.ts';

type Policy = RouterOutputs['insurance']['mine'][number];
type Check = RouterOutputs['insuranceCoverage']['check'];
type Answered = Extract<Check, { status: 'answered' }>;
type Unanswered = Extract<Check, { status: 'unanswered' }>;

/** The visit's day in the Kingdom, as a coverage check names it. */
const riyadhDay = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(instant));

/** One check: one lab, one person, one visit day, with the tests of the cart there (issue #80 item 4). */
interface CoverageGroup {
  key: string;
  labId: string;
  labNameAr: string;
  labNameEn: string;
  familyMemberId: string | null;
  patientName: string | null;
  date: string;
  bookingTime: string;
  testIds: number[];
  policy: Policy;
}

function groupsOf(items: LabCartItem[], tests: RouterOutputs['insuranceCoverage']['cartTests'], policies: Policy[]): CoverageGroup[] {
  const byOffering = new Map(tests.map((test) => [test.labTestId, test]));
  const groups = new Map<string, CoverageGroup>();
  for (const item of items) {
    const test = byOffering.get(item.labTestId);
    const familyMemberId = item.familyMemberId ?? null;
    const policy = policies.find((candidate) => candidate.in_force && candidate.family_member_id === familyMemberId);
    // A package's line, or a person without a card in force: nothing to ask about.
    if (!test || !policy) continue;
    const date = riyadhDay(item.bookingTime);
    const key = `${test.labId}|${familyMemberId ?? ''}|${date}`;
    const group = groups.get(key) ?? {
      key,
      labId: test.labId,
      labNameAr: item.labNameAr,
      labNameEn: item.labNameEn,
      familyMemberId,
      patientName: item.patientName ?? null,
      date,
      bookingTime: item.bookingTime,
      testIds: [],
      policy,
    };
    if (!group.testIds.includes(test.testId)) group.testIds.push(test.testId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * "Health insurance" at the lab-test checkout (issue #80 item 4): for each lab, person and day of the cart
 * whose person has a card in force, the person asks their insurer (through the lab's NPHIES connection)
 * which tests are covered and what their share is. Loaded with its text only for such a cart.
 */
export function CheckoutCoverageCard({ items, policies }: { items: LabCartItem[]; policies: Policy[] }) {
  const { t } = useLingui();
  const labTestIds = [...new Set(items.map((item) => item.labTestId))];
  const tests = useQuery(trpc.insuranceCoverage.cartTests.queryOptions({ labTestIds }, { staleTime: Infinity }));
  const groups = tests.data ? groupsOf(items, tests.data, policies) : [];
  if (tests.isSuccess && groups.length === 0) return null;

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
        {tests.isError ? (
          <Text color="fg.error">{t`Could not read your cart's tests. Reload the page to check your coverage.`}</Text>
        ) : tests.isPending ? (
          <Skeleton height="20" />
        ) : (
          <Stack gap="4">
            {groups.map((group, index) => (
              <Stack key={group.key} gap="4">
                {index > 0 && <Separator />}
                <GroupCoverage group={group} />
              </Stack>
            ))}
            <Text fontSize="sm" color="fg.muted" data-testid="coverage-estimate-note">
              {t`The coverage shown here is your insurer's estimate. The payment below is still the full price: paying only your share online is not available yet.`}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function GroupCoverage({ group }: { group: CoverageGroup }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const insurer = localized(locale, group.policy.insurer_name_ar, group.policy.insurer_name_en);
  const lab = localized(locale, group.labNameAr, group.labNameEn);
  const day = formatDate(new Date(group.bookingTime), locale);
  const check = useMutation(trpc.insuranceCoverage.check.mutationOptions());
  const ask = () =>
    check.mutate({
      labId: group.labId,
      testIds: group.testIds.slice(0, COVERAGE_CHECK_TESTS_MAX),
      familyMemberId: group.familyMemberId,
      date: group.date,
    });

  return (
    <Stack gap="3" data-testid="coverage-group">
      <Stack gap="0.5">
        <Text fontWeight="semibold">
          {group.patientName ? t`${isolated(group.patientName)}'s visit to ${isolated(lab)}` : t`Your visit to ${isolated(lab)}`}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {day}
        </Text>
      </Stack>
      {check.isPending ? (
        <Alert.Root status="info" aria-live="polite" data-testid="coverage-asking">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Asking ${isolated(insurer)}…`}</Alert.Title>
            <Alert.Description>{t`Insurers can take up to 20 seconds to answer. Please keep this page open.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : check.data?.status === 'answered' ? (
        <AnsweredCoverage answer={check.data} insurer={insurer} />
      ) : check.data?.status === 'unanswered' ? (
        <UnansweredCoverage answer={check.data} insurer={insurer} onRetry={ask} />
      ) : check.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Could not check your coverage`}</Alert.Title>
            <Alert.Description>{errorMessage(i18n, check.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {(check.isIdle || check.isError) && (
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

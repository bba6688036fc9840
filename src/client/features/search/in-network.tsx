import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { isolated, localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';

type MyNetwork = NonNullable<RouterOutputs['labInsurance']['myNetwork']>;

/**
 * The signed-in customer's insurance as search and a test's page use it (ADR 0094): their insurer and class
 * and which labs are in network for them, asked apart from the results (which everyone who searches alike
 * shares). Nothing for a visitor, a lab or an admin, or a customer without insurance in force.
 */
export function useMyNetwork() {
  const { user } = useSession();
  const customer = user?.user_type === 'customer';
  const query = useQuery({ ...trpc.labInsurance.myNetwork.queryOptions(), enabled: customer, staleTime: 60_000 });
  const network: MyNetwork | null = customer ? (query.data ?? null) : null;
  const labIds = useMemo(() => new Set(network?.lab_ids), [network]);
  return {
    network,
    /** Still finding out whether the customer has insurance in force. */
    pending: customer && query.isPending,
    inNetwork: (labId: string) => labIds.has(labId),
  };
}

/** The insurer and class, as a filter's hint says them: "Bupa Arabia, class A". */
export function useCoverName(network: MyNetwork | null): string {
  const { t } = useLingui();
  if (!network) return '';
  const insurer = localized(activeLocale(), network.insurer_name_ar, network.insurer_name_en);
  const policyClass = isolated(network.policy_class);
  return t`${insurer}, class ${policyClass}`;
}

/** "In network": the lab takes the customer's insurer and class. */
export function InNetworkBadge() {
  const { t } = useLingui();
  return (
    <Badge variant="subtle" colorPalette="green" alignSelf="start" data-testid="in-network-badge">
      <ShieldCheck size={12} aria-hidden />
      {t`In network`}
    </Badge>
  );
}

import { Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Check, Columns3, Plus } from 'lucide-react';
import { COMPARE_MAX, toggleCompared, useComparedPackages } from './compare-store.ts';
import type { Place } from './place.tsx';

// Choosing packages to compare (issue #79 item 2), on a package's page and on search's package cards. Its
// text is in the discovery catalog too (src/client/lib/catalog-sources.ts), which search loads.

/** Adds the package to (or takes it off) the packages to compare; says so when four are chosen already. */
export function CompareToggle({ packageId }: { packageId: number }) {
  const { t } = useLingui();
  const ids = useComparedPackages();
  const chosen = ids.includes(packageId);
  const full = !chosen && ids.length >= COMPARE_MAX;
  return (
    <>
      <Button variant="outline" size="sm" aria-pressed={chosen} disabled={full} onClick={() => toggleCompared(packageId)}>
        {chosen ? <Check aria-hidden /> : <Plus aria-hidden />}
        {chosen ? t`Added to compare` : t`Add to compare`}
      </Button>
      {full && (
        <Text fontSize="sm" color="fg.muted">
          {t`You can compare up to ${COMPARE_MAX} packages.`}
        </Text>
      )}
    </>
  );
}

/** "Compare (n)" once two or more are chosen, to the comparison (from `near` when the person's place is known). */
export function CompareLink({ near = null }: { near?: Place | null }) {
  const { t } = useLingui();
  const ids = useComparedPackages();
  if (ids.length < 2) return null;
  return (
    <Button asChild size="sm" variant="subtle" colorPalette="brand">
      <Link to="/packages/compare" search={{ ids: ids.join(','), ...near }}>
        <Columns3 aria-hidden />
        {t`Compare (${ids.length})`}
      </Link>
    </Button>
  );
}

/** On a package's page: the toggle, and the way to the comparison once there are two. */
export function CompareControl({ packageId }: { packageId: number }) {
  return (
    <HStack gap="3" wrap="wrap" data-testid="compare-control">
      <CompareToggle packageId={packageId} />
      <CompareLink />
    </HStack>
  );
}

import { Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Check, Columns3, Plus } from 'lucide-react';
import { COMPARE_MAX, toggleCompared, useComparedPackages } from './compare-store.ts';

/** On a package's page: add it to (or take it off) the packages to compare, and go compare them once there are two. */
export function CompareControl({ packageId }: { packageId: number }) {
  const { t } = useLingui();
  const ids = useComparedPackages();
  const chosen = ids.includes(packageId);
  const full = !chosen && ids.length >= COMPARE_MAX;
  return (
    <HStack gap="3" wrap="wrap" data-testid="compare-control">
      <Button variant="outline" size="sm" aria-pressed={chosen} disabled={full} onClick={() => toggleCompared(packageId)}>
        {chosen ? <Check aria-hidden /> : <Plus aria-hidden />}
        {chosen ? t`Added to compare` : t`Add to compare`}
      </Button>
      {full && (
        <Text fontSize="sm" color="fg.muted">
          {t`You can compare up to ${COMPARE_MAX} packages.`}
        </Text>
      )}
      {ids.length >= 2 && (
        <Button asChild size="sm" variant="subtle" colorPalette="brand">
          <Link to="/packages/compare" search={{ ids: ids.join(',') }}>
            <Columns3 aria-hidden />
            {t`Compare (${ids.length})`}
          </Link>
        </Button>
      )}
    </HStack>
  );
}

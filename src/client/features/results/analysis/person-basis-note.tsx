import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { VisitAnalysis } from './analysis-types.ts';

/**
 * Says whose sex and age the rules judged the visit by, when they are not the person's own profile's
 * (issue #76 item 3): the lab's record of them, or none, when some ranges and eGFR could not be used.
 * The account holder adds theirs in the settings; a family member's record always has both.
 */
export function PersonBasisNote({ basis }: { basis: VisitAnalysis['person']['basis'] }) {
  const { t } = useLingui();
  if (basis.sex === 'profile' && basis.age === 'profile') return null;
  const unknown = basis.sex === null || basis.age === null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="analysis-person-basis" data-basis={unknown ? 'unknown' : 'lab'}>
      {unknown
        ? t`Without your sex and date of birth, some ranges and calculations, such as kidney function (eGFR), cannot be used.`
        : t`Your profile has no sex or date of birth, so the ones your lab recorded were used.`}{' '}
      <ChakraLink asChild>
        <Link to="/dashboard" search={{ section: 'settings' }}>
          {t`Add them in your settings.`}
        </Link>
      </ChakraLink>
    </Text>
  );
}

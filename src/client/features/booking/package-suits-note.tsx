import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { PackageFit, PackageSuits } from '../../../shared/package-suits.ts';

/**
 * In a package's booking panel, before booking (ADR 0091's amendment): whom the package is meant for when
 * the patient is not, and what follows: not bookable for the other sex, bookable outside its age band.
 * Loaded with the packages catalog only when there is something to say.
 */
export function PackageSuitsNote({ suits, fit }: { suits: PackageSuits; fit: Exclude<PackageFit, 'fits'> }) {
  const { t } = useLingui();
  const { sex, min_age: min, max_age: max } = suits;
  const ages =
    min !== null && max !== null
      ? t`aged ${min}–${max}`
      : min !== null
        ? t`aged ${min} or over`
        : max !== null
          ? t`aged up to ${max}`
          : null;
  const meantFor =
    sex === 'female'
      ? ages
        ? t`This package is meant for women ${ages}.`
        : t`This package is meant for women.`
      : sex === 'male'
        ? ages
          ? t`This package is meant for men ${ages}.`
          : t`This package is meant for men.`
        : t`This package is meant for people ${ages}.`;
  return (
    <Alert.Root status={fit === 'wrong_sex' ? 'error' : 'warning'} data-testid="package-suits-note" data-fit={fit}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{meantFor}</Alert.Title>
        <Alert.Description>
          {fit === 'wrong_sex'
            ? t`It cannot be booked for this person: choose who it is for, or another package.`
            : t`You can still book it; the lab may suggest a package better suited to this age.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

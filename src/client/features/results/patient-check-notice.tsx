import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/**
 * The wrong-patient guard on the lab's form (issue #76 item 3): the patient the lab's system sent
 * (PID-8 sex, PID-7 birth date) is not this booking's person. The values were kept; the lab checks
 * the sample is this patient's before it releases them.
 */
export function PatientCheckNotice({ fields }: { fields: readonly ('sex' | 'birthDate')[] }) {
  const { t } = useLingui();
  if (fields.length === 0) return null;
  const which =
    fields.length === 2
      ? t`The sex and the date of birth your system sent differ from this booking's patient.`
      : fields[0] === 'sex'
        ? t`The sex your system sent differs from this booking's patient.`
        : t`The date of birth your system sent differs from this booking's patient.`;
  return (
    <Alert.Root status="warning" data-testid="result-patient-check">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t`Check this is the right patient`}</Alert.Title>
        <Alert.Description>
          {which} {t`Make sure the sample is this patient's before you release the report.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

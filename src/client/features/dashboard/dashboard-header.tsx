import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { UserType } from '../../../shared/locale.ts';
import { tierLabel } from '../../lib/plan-labels.ts';

interface Props {
  name: string;
  userType: UserType;
  tier: string;
}

export function DashboardHeader({ name, userType, tier }: Props) {
  const { t, i18n } = useLingui();
  const typeLabel = { customer: t`Customer`, lab: t`Laboratory`, admin: t`Administrator` }[userType];
  return (
    <Stack gap="2">
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        {t`Welcome, ${name}`}
      </Heading>
      <HStack gap="2" wrap="wrap">
        {userType !== 'admin' && (
          <>
            <Text color="fg.muted">{t`Plan:`}</Text>
            <Badge colorPalette="brand" variant="subtle" data-testid="plan-badge">
              {i18n._(tierLabel(tier, userType))}
            </Badge>
          </>
        )}
        <Text color="fg.muted">{t`Account type:`}</Text>
        <Badge variant="outline">{typeLabel}</Badge>
      </HStack>
    </Stack>
  );
}

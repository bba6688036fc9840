import { Badge, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { UserType } from '../../../server/db/schema.ts';

interface Props {
  name: string;
  userType: UserType;
  tier: string;
}

export function DashboardHeader({ name, userType, tier }: Props) {
  const { t } = useLingui();
  const tierLabel = tier === 'basic' || tier === 'starter' ? t`Free` : tier.charAt(0).toUpperCase() + tier.slice(1);
  const typeLabel = { customer: t`Customer`, lab: t`Laboratory`, admin: t`Administrator` }[userType];
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {t`Welcome, ${name}`}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <Text color="fg.muted">{t`Plan:`}</Text>
        <Badge colorPalette="brand" variant="subtle">
          {tierLabel}
        </Badge>
        <Text color="fg.muted">{t`Account type:`}</Text>
        <Badge variant="outline">{typeLabel}</Badge>
      </HStack>
    </Stack>
  );
}

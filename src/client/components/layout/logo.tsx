import { HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FlaskConical } from 'lucide-react';

export function Logo() {
  const { t } = useLingui();
  return (
    <Link to="/" aria-label={t`Tahaleel home`}>
      <HStack gap="2" color="brand.fg">
        <FlaskConical size={26} aria-hidden />
        <Text fontSize="xl" fontWeight="bold" lineHeight="1">
          {t`Tahaleel`}
        </Text>
      </HStack>
    </Link>
  );
}

import { HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FlaskConical } from 'lucide-react';

/** The name starts with the visible word, so saying it to a voice control finds the link (WCAG 2.5.3). */
export function Logo() {
  const { t } = useLingui();
  return (
    <Link to="/" aria-label={t`Tahaleel, home page`}>
      <HStack gap="2" color="brand.fg">
        <FlaskConical size={26} aria-hidden />
        <Text fontSize="xl" fontWeight="bold" lineHeight="1">
          {t`Tahaleel`}
        </Text>
      </HStack>
    </Link>
  );
}

import { Card, Center, Heading, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: string;
  loading?: boolean;
  testId?: string;
}

export function StatCard({ label, value, icon, hint, loading, testId }: Props) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body>
        <HStack gap="4" align="start">
          <Center boxSize="10" rounded="lg" bg="brand.subtle" color="brand.fg" flexShrink={0}>
            <Icon as={icon} boxSize="5" aria-hidden />
          </Center>
          <Stack gap="0.5" minWidth="0">
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            {loading ? (
              <Skeleton height="8" width="24" />
            ) : (
              <Text fontSize="2xl" fontWeight="bold" lineHeight="short" data-testid={testId ? `${testId}-value` : undefined}>
                {value}
              </Text>
            )}
            {hint && (
              <Text fontSize="xs" color="fg.muted">
                {hint}
              </Text>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A section's title and an optional line under it. */
export function SectionTitle({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <HStack justify="space-between" align="start" gap="3" wrap="wrap">
      <Stack gap="1">
        <Heading as="h2" size={{ base: 'lg', md: 'xl' }}>
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {actions}
    </HStack>
  );
}

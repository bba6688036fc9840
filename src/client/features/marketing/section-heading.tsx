import { Heading, Stack, Text } from '@chakra-ui/react';

interface SectionHeadingProps {
  /** Lets the section point at its heading with aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
  align?: 'center' | 'start';
}

export function SectionHeading({ id, eyebrow, title, description, align = 'center' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <Stack
      gap="3"
      textAlign={centered ? 'center' : 'start'}
      align={centered ? 'center' : 'start'}
      maxW="3xl"
      mx={centered ? 'auto' : undefined}
    >
      {eyebrow && (
        <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
          {eyebrow}
        </Text>
      )}
      <Heading as="h2" size={{ base: '2xl', md: '3xl' }} id={id} lineHeight="1.4">
        {title}
      </Heading>
      {description && (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A page whose full content arrives with a later issue: it names itself in the active language. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Container maxW="5xl" py="12">
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
        <Text color="fg.muted">{t`This page is being prepared.`}</Text>
      </Stack>
    </Container>
  );
}

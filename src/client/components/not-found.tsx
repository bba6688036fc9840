import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../lib/use-page-meta.ts';

export function NotFound() {
  const { t } = useLingui();
  usePageMeta({ title: t`Page not found` });
  return (
    <Container maxW="3xl" py="20">
      <Stack gap="4" align="start">
        <Heading as="h1" size="2xl">{t`Page not found`}</Heading>
        <Text color="fg.muted">{t`The page you are looking for does not exist or has moved.`}</Text>
        <Button asChild colorPalette="brand">
          <Link to="/">{t`Back to home`}</Link>
        </Button>
      </Stack>
    </Container>
  );
}

import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** What a page shows for something that does not exist: a heading, why, and a way on. */
export function NotFoundState({
  title,
  message,
  linkTo,
  linkLabel,
}: {
  title: string;
  message: string;
  linkTo: LinkProps['to'];
  linkLabel: string;
}) {
  return (
    <Stack gap="4" align="start">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{message}</Text>
      <Button asChild colorPalette="brand">
        <Link to={linkTo}>{linkLabel}</Link>
      </Button>
    </Stack>
  );
}

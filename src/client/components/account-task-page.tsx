import { Card, Circle, Container, Heading, Stack } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

/** A narrow page for one account task reached by a link: a forgotten password, a mailed link. */
export function AccountTaskPage({ children }: { children: ReactNode }) {
  return (
    <Container maxW="lg" py={{ base: '8', md: '16' }} px={{ base: '4', md: '6' }}>
      <Card.Root variant="outline">
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/**
 * The heading of the task's current step. A step reached by the user's action or the server's answer
 * `takesFocus`: the keyboard continues from it, and a screen reader reads where the task now stands.
 */
export function StepHeading({
  icon: Icon,
  colorPalette,
  title,
  takesFocus = false,
}: {
  icon: LucideIcon;
  colorPalette: 'brand' | 'green' | 'red' | 'orange';
  title: ReactNode;
  takesFocus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
  }, [takesFocus]);
  return (
    <Stack align="center" gap="4" textAlign="center">
      <Circle size="16" colorPalette={colorPalette} bg="colorPalette.subtle" color="colorPalette.fg">
        <Icon size={32} aria-hidden />
      </Circle>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} ref={heading} tabIndex={-1} outline="none">
        {title}
      </Heading>
    </Stack>
  );
}

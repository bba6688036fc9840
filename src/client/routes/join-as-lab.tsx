import { Button, Container, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { useAuthModal } from '../features/auth/auth-modal-context.tsx';

export const Route = createFileRoute('/join-as-lab')({
  component: JoinAsLabPage,
});

function JoinAsLabPage() {
  const { t } = useLingui();
  const authModal = useAuthModal();
  const benefits = [
    t`Reach patients searching for tests near your lab`,
    t`Manage bookings, results and payments from one dashboard`,
    t`Set your own prices and working hours`,
  ];
  return (
    <Container maxW="4xl" py="14">
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          {t`Join Tahaleel as a lab`}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t`List your laboratory on Tahaleel and let patients across the Kingdom book your tests online. Every lab is reviewed by our team before it goes live.`}
        </Text>
        <List.Root gap="2" variant="plain">
          {benefits.map((benefit) => (
            <List.Item key={benefit}>
              <List.Indicator asChild color="brand.fg">
                <CheckCircle2 />
              </List.Indicator>
              {benefit}
            </List.Item>
          ))}
        </List.Root>
        <HStack gap="3">
          <Button colorPalette="brand" size="lg" onClick={() => authModal.open('signup', 'lab')}>
            {t`Join Now`}
          </Button>
          <Button variant="outline" size="lg" onClick={() => authModal.open('login', 'lab')}>
            {t`Log in`}
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}

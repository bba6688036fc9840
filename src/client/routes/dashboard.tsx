import { Alert, Container, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../features/auth/require-user.ts';
import { useSession } from '../features/auth/use-session.ts';
import { MyBookings } from '../features/booking/my-bookings.tsx';
import { DashboardHeader } from '../features/dashboard/dashboard-header.tsx';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context }) => requireUser(context),
  component: DashboardPage,
});

function DashboardPage() {
  const { t } = useLingui();
  const session = useSession();
  const user = session.user ?? Route.useRouteContext().user;
  const underReview = user.user_type === 'lab' && !user.approved;
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="6">
        <DashboardHeader name={user.name} userType={user.user_type} tier={user.subscription_tier} />
        {underReview && (
          <Alert.Root status="warning" data-testid="lab-under-review">
            <Alert.Indicator />
            <Alert.Title>{t`Your lab account is under review. You will be notified once it is approved.`}</Alert.Title>
          </Alert.Root>
        )}
        {user.user_type === 'customer' ? <MyBookings /> : <Text color="fg.muted">{t`Your dashboard sections are being prepared.`}</Text>}
      </Stack>
    </Container>
  );
}

import { Container, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../features/auth/require-user.ts';
import { DashboardHeader } from '../features/dashboard/dashboard-header.tsx';

export const Route = createFileRoute('/admin/dashboard')({
  beforeLoad: ({ context }) => requireUser(context, 'admin'),
  component: AdminDashboardPage,
});

function AdminDashboardPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="6">
        <DashboardHeader name={user.name} userType={user.user_type} tier={user.subscription_tier} />
        <Text color="fg.muted">{t`Admin dashboard sections are being prepared.`}</Text>
      </Stack>
    </Container>
  );
}

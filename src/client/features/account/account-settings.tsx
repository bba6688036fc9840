import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SectionTitle } from '../../components/stat-card.tsx';
import type { SessionUser } from '../auth/use-session.ts';
import { EmailCard } from './email-card.tsx';
import { GuestUpgradeCard } from './guest-upgrade-card.tsx';
import { MailPreferencesCard } from './mail-preferences-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SignOutEverywhereCard } from './sign-out-everywhere-card.tsx';

/**
 * Every role's account: name and language, address, password, mail and devices. A guest has no
 * address or password yet: it gets the upgrade to a full account instead.
 */
export function AccountSettings({ user, title }: { user: SessionUser; title?: string }) {
  const { t } = useLingui();
  if (user.is_anonymous) {
    return (
      <Stack gap="6">
        <SectionTitle title={title ?? t`Settings`} />
        <GuestUpgradeCard />
        <ProfileCard user={user} />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t`Create a full account above to set a password.`}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <SectionTitle title={title ?? t`Settings`} />
      <ProfileCard user={user} />
      {user.email && <EmailCard email={user.email} verified={user.email_verified} hasPassword={user.has_password} />}
      <PasswordCard hasPassword={user.has_password} />
      <MailPreferencesCard user={user} />
      <SignOutEverywhereCard />
    </Stack>
  );
}

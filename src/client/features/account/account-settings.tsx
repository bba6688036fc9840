import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { SectionTitle } from '../../components/stat-card.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { SessionUser } from '../../lib/use-session.ts';
import { PasskeysCard } from '../auth/passkeys/passkeys-card.tsx';
import { TwoFactorCard } from '../auth/two-factor/two-factor-card.tsx';
import { AboutYouCard } from './about-you-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { EmailCard } from './email-card.tsx';
import { FamilyMembersCard } from './family-members-card.tsx';
import { GuestUpgradeCard } from './guest-upgrade-card.tsx';
import { InsuranceCard } from './insurance-card.tsx';
import { MailPreferencesCard } from './mail-preferences-card.tsx';
import { NationalIdCard } from './national-id-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SignOutEverywhereCard } from './sign-out-everywhere-card.tsx';
import { TextChoicesCard } from './text-choices-card.tsx';
import { YourDataCard } from './your-data-card.tsx';

// In a chunk of its own, with the number's formatting: shared with the public pages that show a lab's
// number, the signed-in chunk importing it would pull it into every first page's download. Drawn once the
// browser has taken the page over (a lazy part cannot be drawn by the server, which would then be redrawn).
const PhoneCard = lazy(() => import('./phone-card.tsx').then((module) => ({ default: module.PhoneCard })));

/**
 * Every role's account: name and language (a customer's sex and date of birth too), address, password, second factor, passkeys, mail, devices and a copy
 * of their data; a customer may also delete theirs. A guest has no
 * address or password yet: it gets the upgrade to a full account instead.
 */
export function AccountSettings({ user, title }: { user: SessionUser; title?: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  // A number is confirmed by a code by SMS: offered only where this site sends SMS.
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled: user.user_type === 'customer', staleTime: Infinity });
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
      {user.user_type === 'customer' && <AboutYouCard user={user} />}
      {user.user_type === 'customer' && <NationalIdCard />}
      {user.email && <EmailCard email={user.email} verified={user.email_verified} hasPassword={user.has_password} />}
      {user.user_type === 'customer' && hydrated && providers.data?.phone && (
        <Suspense fallback={null}>
          <PhoneCard phone={user.verified_phone} />
        </Suspense>
      )}
      {user.user_type === 'customer' && <FamilyMembersCard />}
      {user.user_type === 'customer' && <InsuranceCard holderName={user.name} />}
      <PasswordCard hasPassword={user.has_password} />
      <TwoFactorCard hasPassword={user.has_password} required={user.two_factor_required} />
      <PasskeysCard />
      {user.user_type === 'customer' && user.verified_phone && <TextChoicesCard user={user} />}
      {/* An account made with a mobile number has no address to mail: its messages are the texts above. */}
      {user.email && <MailPreferencesCard user={user} />}
      <SignOutEverywhereCard />
      <YourDataCard />
      {user.user_type === 'customer' && <DeleteAccountCard hasPassword={user.has_password} email={user.email} />}
    </Stack>
  );
}

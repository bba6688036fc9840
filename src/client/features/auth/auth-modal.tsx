import {
  Box,
  Button,
  Link as ChakraLink,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FlaskConical, User } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';
import { trpc } from '../../lib/trpc.ts';
import { type SignUpType, useAuthModal } from './auth-modal-context.tsx';

interface FormState {
  name: string;
  email: string;
  password: string;
  licenseNumber: string;
  phone: string;
  acceptTerms: boolean;
}

const signUpTypes = ['customer', 'lab'] as const;

const emptyForm: FormState = { name: '', email: '', password: '', licenseNumber: '', phone: '', acceptTerms: false };

export function AuthModal() {
  const { t, i18n } = useLingui();
  const modal = useAuthModal();
  const queryClient = useQueryClient();
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled: modal.mode !== null, staleTime: Infinity });
  const [userType, setUserType] = useState<SignUpType>(modal.userType);
  const [form, setForm] = useState<FormState>(emptyForm);
  const mode = modal.mode;
  const typeKeys = radioGroupKeys(signUpTypes, userType, setUserType);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening of the modal starts from the type it was opened with
  useEffect(() => {
    setUserType(modal.userType);
  }, [modal.userType, modal.mode]);

  const signedIn = (user: { user_type: string }, message: string, description?: string) => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), user as never);
    void queryClient.invalidateQueries();
    notify.success({ title: message, description });
    setForm(emptyForm);
    modal.close();
  };
  const failed = (title: string) => (error: unknown) => notify.error({ title, description: errorMessage(i18n, error) });

  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: (user) => signedIn(user, t`Successfully logged in!`),
      onError: failed(t`Sign in Failed`),
    }),
  );
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onSuccess: (user) => {
        const email = user.email ?? '';
        signedIn(
          user,
          user.user_type === 'lab' ? t`Successfully registered! Your account will be reviewed by an admin.` : t`Successfully registered!`,
          user.email_verified ? undefined : t`We sent a confirmation link to ${email}. Open it to confirm your address.`,
        );
      },
      onError: failed(t`Sign up Failed`),
    }),
  );
  const guest = useMutation(
    trpc.auth.signInAnonymously.mutationOptions({
      onSuccess: (user) => signedIn(user, t`Welcome! You can now book as a guest.`),
      onError: failed(t`Something went wrong`),
    }),
  );
  const active = mode === 'signup' ? signUp : mode === 'anonymous' ? guest : signIn;
  const pending = signIn.isPending || signUp.isPending || guest.isPending;
  const invalid = (field: string) => (active.error ? fieldError(i18n, active.error, field) : undefined);

  const needsConsent = mode === 'signup' || mode === 'anonymous';
  const consentMissing = () => {
    if (!needsConsent || form.acceptTerms) return false;
    notify.error({ title: t`You must agree to the Terms & Conditions and Privacy Policy.` });
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (consentMissing()) return;
    if (mode === 'signup') {
      signUp.mutate({
        name: form.name,
        email: form.email,
        password: form.password,
        userType,
        licenseNumber: userType === 'lab' ? form.licenseNumber.trim() || null : null,
        acceptTerms: form.acceptTerms,
      });
    } else if (mode === 'anonymous') {
      guest.mutate({ name: form.name, phone: form.phone });
    } else {
      signIn.mutate({ email: form.email, password: form.password, admin: mode === 'admin' });
    }
  };

  const switchTo = (next: 'login' | 'signup') => {
    signIn.reset();
    signUp.reset();
    // Switching to sign-up always starts as a customer.
    modal.open(next, 'customer');
  };

  const google = () => {
    if (consentMissing()) return;
    window.location.assign('/auth/google');
  };

  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const titles = { login: t`Log in`, signup: t`Create an account`, admin: t`Admin Login`, anonymous: t`Continue as guest` };

  return (
    <Dialog.Root
      open={mode !== null}
      onOpenChange={(event) => !event.open && modal.close()}
      finalFocusEl={modal.returnFocusTo}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="auth-modal">
            <Dialog.Header>
              <Dialog.Title>{mode ? titles[mode] : null}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form onSubmit={submit} noValidate>
                <Stack gap="4">
                  {mode === 'anonymous' && (
                    <Text color="fg.muted" fontSize="sm">
                      {t`Book without creating an account: we only need your name and mobile number to confirm your appointment.`}
                    </Text>
                  )}
                  {mode === 'signup' && (
                    <HStack gap="2" role="radiogroup" aria-label={t`Account type`} onKeyDown={typeKeys.onKeyDown}>
                      {signUpTypes.map((type, index) => (
                        <Button
                          key={type}
                          flex="1"
                          role="radio"
                          aria-checked={userType === type}
                          tabIndex={typeKeys.tabIndexOf(index)}
                          variant={userType === type ? 'solid' : 'outline'}
                          colorPalette="brand"
                          onClick={() => setUserType(type)}
                        >
                          {type === 'customer' ? <User aria-hidden /> : <FlaskConical aria-hidden />}
                          {type === 'customer' ? t`Customer` : t`Laboratory`}
                        </Button>
                      ))}
                    </HStack>
                  )}
                  {(mode === 'signup' || mode === 'anonymous') && (
                    <Field.Root invalid={Boolean(invalid('name'))} required>
                      <Field.Label>{mode === 'signup' && userType === 'lab' ? t`Lab name` : t`Full name`}</Field.Label>
                      <Input value={form.name} onChange={set('name')} autoComplete={userType === 'lab' ? 'organization' : 'name'} />
                      <Field.ErrorText>{invalid('name')}</Field.ErrorText>
                    </Field.Root>
                  )}
                  {mode === 'anonymous' ? (
                    <Field.Root invalid={Boolean(invalid('phone'))} required>
                      <Field.Label>{t`Mobile number`}</Field.Label>
                      <Input
                        value={form.phone}
                        onChange={set('phone')}
                        type="tel"
                        inputMode="tel"
                        dir="ltr"
                        placeholder="05XXXXXXXX"
                        autoComplete="tel"
                      />
                      <Field.ErrorText>{invalid('phone')}</Field.ErrorText>
                    </Field.Root>
                  ) : (
                    <>
                      <Field.Root invalid={Boolean(invalid('email'))} required>
                        <Field.Label>{mode === 'admin' ? t`Admin e-mail` : t`E-mail`}</Field.Label>
                        <Input value={form.email} onChange={set('email')} type="email" dir="ltr" autoComplete="email" />
                        <Field.ErrorText>{invalid('email')}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root invalid={Boolean(invalid('password'))} required>
                        <Field.Label>{t`Password`}</Field.Label>
                        <Input
                          value={form.password}
                          onChange={set('password')}
                          type="password"
                          dir="ltr"
                          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                        />
                        {mode === 'signup' && !invalid('password') && <Field.HelperText>{t`At least 8 characters.`}</Field.HelperText>}
                        <Field.ErrorText>{invalid('password')}</Field.ErrorText>
                      </Field.Root>
                      {(mode === 'login' || mode === 'admin') && (
                        <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="start" mt="-2">
                          <Link to="/forgot-password" onClick={() => modal.close({ leavingPage: true })}>
                            {t`Forgot your password?`}
                          </Link>
                        </ChakraLink>
                      )}
                    </>
                  )}
                  {mode === 'signup' && userType === 'lab' && (
                    <Field.Root invalid={Boolean(invalid('licenseNumber'))} required>
                      <Field.Label>{t`License number`}</Field.Label>
                      <Input value={form.licenseNumber} onChange={set('licenseNumber')} dir="ltr" />
                      <Field.ErrorText>{invalid('licenseNumber')}</Field.ErrorText>
                    </Field.Root>
                  )}
                  {needsConsent && (
                    <Checkbox.Root
                      checked={form.acceptTerms}
                      onCheckedChange={(event) => setForm((current) => ({ ...current, acceptTerms: event.checked === true }))}
                      colorPalette="brand"
                      alignItems="start"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" data-testid="consent-checkbox" />
                      <Checkbox.Label fontWeight="normal">
                        <Trans>
                          I agree to the{' '}
                          <ChakraLink
                            href="/terms-and-conditions"
                            target="_blank"
                            rel="noopener"
                            color="brand.fg"
                            textDecoration="underline"
                          >
                            Terms & Conditions
                          </ChakraLink>{' '}
                          and the{' '}
                          <ChakraLink href="/privacy-policy" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                            Privacy Policy
                          </ChakraLink>
                        </Trans>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  )}
                  <Button type="submit" colorPalette="brand" loading={pending} width="full">
                    {mode === 'signup' ? t`Create account` : mode === 'anonymous' ? t`Continue as guest` : t`Log in`}
                  </Button>
                </Stack>
              </form>
              {(mode === 'login' || mode === 'signup') && providers.data?.google && (
                <>
                  <HStack my="4">
                    <Separator flex="1" />
                    <Text fontSize="sm" color="fg.muted">
                      {t`or`}
                    </Text>
                    <Separator flex="1" />
                  </HStack>
                  <Button variant="outline" width="full" onClick={google}>
                    <GoogleMark />
                    {t`Continue with Google`}
                  </Button>
                </>
              )}
              {(mode === 'login' || mode === 'signup') && (
                <Text mt="4" fontSize="sm" textAlign="center">
                  {mode === 'login' ? t`Don't have an account?` : t`Already have an account?`}{' '}
                  <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}>
                    {mode === 'login' ? t`Sign up` : t`Log in`}
                  </Button>
                </Text>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function GoogleMark() {
  return (
    <Box as="span" aria-hidden display="inline-flex">
      <svg width="18" height="18" viewBox="0 0 48 48" role="presentation">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.5 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.7 17.7 9.5 24 9.5z"
        />
        <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
        <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.8-6.1z" />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-10l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
    </Box>
  );
}

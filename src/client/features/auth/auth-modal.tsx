import { Box, Button, Link as ChakraLink, Field, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FlaskConical, Smartphone, User, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { anonymousSignInInput, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, signInInput, signUpInput } from '../../../shared/schemas.ts';
import { validationMessages } from '../../../shared/validation-messages.ts';
import { DialogShell } from '../../components/form-dialog.tsx';
import { MobileNumberInput } from '../../components/ui/mobile-number-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { type SignUpType, useAuthModal } from '../../lib/auth-modal-context.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorMessage, type FieldLimits, fieldError, fieldMessage } from '../../lib/errors.ts';
import { fieldIssues } from '../../lib/field-issues.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';
import { forgetReferralCode, rememberedReferralCode } from '../../lib/referral-code.ts';
import { trpc } from '../../lib/trpc.ts';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { PhoneCodeStep } from './phone-code-step.tsx';
import { PhoneSignIn } from './phone-sign-in.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { MarketingChoice, TermsConsent } from './sign-up-choices.tsx';

interface FormState {
  name: string;
  email: string;
  password: string;
  licenseNumber: string;
  phone: string;
  acceptTerms: boolean;
  marketingMail: boolean;
  referralCode: string;
}

const signUpTypes = ['customer', 'lab'] as const;

const emptyForm: FormState = {
  name: '',
  email: '',
  password: '',
  licenseNumber: '',
  phone: '',
  acceptTerms: false,
  marketingMail: false,
  referralCode: '',
};

/** What the form checks before sending, as the server would: the shared schemas, plus consent. */
function formIssues(mode: 'login' | 'signup' | 'admin' | 'anonymous', userType: SignUpType, form: FormState): Record<string, string> {
  if (mode === 'login' || mode === 'admin') return fieldIssues(signInInput, form);
  const issues =
    mode === 'signup'
      ? fieldIssues(signUpInput, {
          ...form,
          userType,
          licenseNumber: userType === 'lab' ? form.licenseNumber.trim() || null : null,
          referralCode: userType === 'customer' ? form.referralCode : null,
        })
      : fieldIssues(anonymousSignInInput, form);
  // The schema's checks across fields run only once every field passes: these are asked at once.
  if (mode === 'signup' && userType === 'lab' && !form.licenseNumber.trim()) issues.licenseNumber ??= validationMessages.required;
  if (!form.acceptTerms) issues.acceptTerms ??= validationMessages.consentRequired;
  return issues;
}

export function AuthModal() {
  const { t, i18n } = useLingui();
  const modal = useAuthModal();
  const queryClient = useQueryClient();
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled: modal.mode !== null, staleTime: Infinity });
  const [userType, setUserType] = useState<SignUpType>(modal.userType);
  const [form, setForm] = useState<FormState>(emptyForm);
  // Once the form has been sent, each field says what is wrong with it as it is typed.
  const [checking, setChecking] = useState(false);
  // Google asked for with no consent given: only the consent says so.
  const [consentAsked, setConsentAsked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  /** A field's message, named by the field so that a screen reader reads it with the field. */
  const errorId = (field: string) => `${formId}-${field}-error`;
  const describedBy = (field: string) => (invalid(field) ? errorId(field) : undefined);
  const mode = modal.mode;
  const typeKeys = radioGroupKeys(signUpTypes, userType, setUserType);

  // Each opening of the modal starts from the type it was opened with.
  useEffect(() => {
    setUserType(modal.userType);
    // An invitation's link the person came by fills the code in (ADR 0093).
    if (modal.mode === 'signup')
      setForm((current) => (current.referralCode ? current : { ...current, referralCode: rememberedReferralCode() }));
  }, [modal.userType, modal.mode]);

  const signedIn = (user: { user_type: string }, message: string, description?: string) => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), user as never);
    void queryClient.invalidateQueries();
    notify.success({ title: message, description });
    setForm(emptyForm);
    setChecking(false);
    setConsentAsked(false);
    modal.close();
  };
  const failed = (title: string) => (error: unknown) => notify.error({ title, description: errorMessage(i18n, error) });

  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      // A password step that asks for a code answers { two_factor_required: true } alone, with no user.
      onSuccess: (answer) => ('id' in answer ? signedIn(answer, t`Successfully logged in!`) : modal.open('second-factor')),
      onError: failed(t`Sign in Failed`),
    }),
  );
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onSuccess: (user) => {
        forgetReferralCode();
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
  // Where this site sends SMS, a guest's number is confirmed by a code before its session (ADR 0074).
  const [guestCode, setGuestCode] = useState<{ sentTo: string; resendAt: number } | null>(null);
  const guestCodeRequest = useMutation(
    trpc.auth.requestPhoneCode.mutationOptions({
      onSuccess: (answer) => setGuestCode({ sentTo: answer.phone, resendAt: Date.now() + answer.resendInSeconds * 1000 }),
      // In the code step, the step says it under its buttons.
      onError: (error) => {
        if (!guestCode) failed(t`Something went wrong`)(error);
      },
    }),
  );
  const guest = useMutation(
    trpc.auth.signInAnonymously.mutationOptions({
      onSuccess: (answer) => {
        setGuestCode(null);
        // The number is a customer's with an authenticator app: its code comes next.
        if (!('id' in answer)) return modal.open('second-factor');
        // The number confirmed is an account's: that account is signed in, not a new guest.
        if (!answer.is_anonymous) return signedIn(answer, t`This number has an account: you are logged in to it.`);
        const email = answer.contact_email ? isolated(answer.contact_email) : '';
        signedIn(answer, t`Welcome! You can now book as a guest.`, email ? t`Your booking confirmation will go to ${email}.` : undefined);
      },
      onError: (error) => {
        if (!guestCode) failed(t`Something went wrong`)(error);
      },
    }),
  );
  const active = mode === 'signup' ? signUp : mode === 'anonymous' ? (guestCodeRequest.error ? guestCodeRequest : guest) : signIn;
  const pending = signIn.isPending || signUp.isPending || guest.isPending || guestCodeRequest.isPending;
  const limits: Record<string, FieldLimits> = {
    name: { max: NAME_MAX },
    password: mode === 'signup' ? { min: PASSWORD_MIN, max: PASSWORD_MAX } : { max: PASSWORD_MAX },
  };
  // The second-factor step and the mobile number's are components of their own, with no fields of this form.
  const formMode = mode === 'second-factor' || mode === 'phone' ? null : mode;
  const issues = checking && formMode ? formIssues(formMode, userType, form) : {};
  const invalid = (field: string) => {
    const issue =
      issues[field] ?? (field === 'acceptTerms' && consentAsked && !form.acceptTerms ? validationMessages.consentRequired : undefined);
    if (issue) return fieldMessage(i18n, issue, limits[field]);
    return active.error ? fieldError(i18n, active.error, field, limits[field]) : undefined;
  };

  const needsConsent = mode === 'signup' || mode === 'anonymous';
  const consentMissing = () => {
    if (!needsConsent || form.acceptTerms) return false;
    setConsentAsked(true);
    return true;
  };

  /** Sends nothing while a field is wrong: each says why under it, and the first takes the focus. */
  const formInvalid = () => {
    if (!formMode || Object.keys(formIssues(formMode, userType, form)).length === 0) return false;
    setChecking(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (formInvalid()) return;
    if (mode === 'signup') {
      signUp.mutate({
        name: form.name,
        email: form.email,
        password: form.password,
        userType,
        licenseNumber: userType === 'lab' ? form.licenseNumber.trim() || null : null,
        acceptTerms: form.acceptTerms,
        marketingMail: form.marketingMail,
        referralCode: userType === 'customer' ? form.referralCode.trim() || null : null,
      });
    } else if (mode === 'anonymous' && providers.data?.phone) {
      guest.reset();
      guestCodeRequest.mutate({ phone: form.phone, codeFor: 'guest_booking' });
    } else if (mode === 'anonymous') {
      guest.mutate({ name: form.name, phone: form.phone, email: form.email });
    } else {
      signIn.mutate({ email: form.email, password: form.password, admin: mode === 'admin' });
    }
  };

  const switchTo = (next: 'login' | 'signup' | 'anonymous' | 'phone') => {
    signIn.reset();
    signUp.reset();
    guest.reset();
    guestCodeRequest.reset();
    setGuestCode(null);
    setChecking(false);
    setConsentAsked(false);
    // Switching to sign-up always starts as a customer.
    modal.open(next, 'customer');
  };

  const google = () => {
    if (consentMissing()) return;
    // The invitation (typed here, or kept from its link) goes through Google to a new account (ADR 0093).
    const invitation = form.referralCode.trim() || rememberedReferralCode();
    window.location.assign(invitation ? `/auth/google?ref=${encodeURIComponent(invitation)}` : '/auth/google');
  };

  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  if (mode === 'second-factor') return <SecondFactorStep onSignedIn={(user) => signedIn(user, t`Successfully logged in!`)} />;

  const titles = {
    login: t`Log in`,
    signup: t`Create an account`,
    admin: t`Admin Login`,
    anonymous: t`Continue as guest`,
    phone: t`Continue with your mobile number`,
  };

  return (
    <DialogShell
      open={mode !== null}
      onClose={() => modal.close()}
      finalFocusEl={modal.returnFocusTo}
      scrollBehavior="inside"
      testId="auth-modal"
      title={mode ? titles[mode] : null}
    >
      {mode === 'anonymous' && guestCode ? (
        <PhoneCodeStep
          sentTo={guestCode.sentTo}
          resendAt={guestCode.resendAt}
          onConfirm={(code) => guest.mutate({ name: form.name, phone: guestCode.sentTo, email: form.email, code })}
          confirming={guest.isPending}
          confirmError={guest.error}
          onResend={() => guestCodeRequest.mutate({ phone: guestCode.sentTo, codeFor: 'guest_booking' })}
          resendError={guestCodeRequest.error}
          onChangeNumber={() => setGuestCode(null)}
          confirmLabel={t`Confirm and continue as guest`}
        />
      ) : mode === 'phone' ? (
        <PhoneSignIn
          onSignedIn={(user, welcome) =>
            signedIn(user, welcome ? t`Welcome to Tahaleel! Your account is ready.` : t`Successfully logged in!`)
          }
          onSecondFactor={() => modal.open('second-factor')}
          onUseEmail={() => switchTo('login')}
        />
      ) : (
        <form onSubmit={submit} noValidate ref={formRef}>
          <Stack gap="4">
            {modal.forBooking && mode === 'login' && (
              <Text color="fg.muted" fontSize="sm">
                {t`To book, log in, create an account, or continue as a guest.`}
              </Text>
            )}
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
                <Input
                  value={form.name}
                  onChange={set('name')}
                  aria-describedby={describedBy('name')}
                  autoComplete={mode === 'signup' && userType === 'lab' ? 'organization' : 'name'}
                />
                <Field.ErrorText id={errorId('name')}>{invalid('name')}</Field.ErrorText>
              </Field.Root>
            )}
            {mode === 'anonymous' ? (
              <>
                <Field.Root invalid={Boolean(invalid('phone'))} required>
                  <Field.Label>{t`Mobile number`}</Field.Label>
                  <MobileNumberInput value={form.phone} onChange={set('phone')} aria-describedby={describedBy('phone')} />
                  {providers.data?.phone && !invalid('phone') && (
                    <Field.HelperText>{t`We will send a 6-digit code by SMS to confirm it.`}</Field.HelperText>
                  )}
                  <Field.ErrorText id={errorId('phone')}>{invalid('phone')}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(invalid('email'))}>
                  <Field.Label>{t`E-mail (optional)`}</Field.Label>
                  <Input
                    value={form.email}
                    onChange={set('email')}
                    aria-describedby={describedBy('email')}
                    type="email"
                    dir="ltr"
                    autoComplete="email"
                  />
                  {!invalid('email') && (
                    <Field.HelperText>
                      {t`Recommended: we send your confirmation there, with a link to view, move or cancel your booking.`}
                    </Field.HelperText>
                  )}
                  <Field.ErrorText id={errorId('email')}>{invalid('email')}</Field.ErrorText>
                </Field.Root>
              </>
            ) : (
              <>
                <Field.Root invalid={Boolean(invalid('email'))} required>
                  <Field.Label>{mode === 'admin' ? t`Admin e-mail` : t`E-mail`}</Field.Label>
                  <Input
                    value={form.email}
                    onChange={set('email')}
                    aria-describedby={describedBy('email')}
                    type="email"
                    dir="ltr"
                    autoComplete="email"
                  />
                  <Field.ErrorText id={errorId('email')}>{invalid('email')}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(invalid('password'))} required>
                  <Field.Label>{t`Password`}</Field.Label>
                  <Input
                    value={form.password}
                    onChange={set('password')}
                    aria-describedby={describedBy('password')}
                    type="password"
                    dir="ltr"
                    autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                  />
                  {mode === 'signup' && !invalid('password') && <Field.HelperText>{t`At least 8 characters.`}</Field.HelperText>}
                  <Field.ErrorText id={errorId('password')}>{invalid('password')}</Field.ErrorText>
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
                <Input
                  value={form.licenseNumber}
                  onChange={set('licenseNumber')}
                  aria-describedby={describedBy('licenseNumber')}
                  dir="ltr"
                />
                <Field.ErrorText id={errorId('licenseNumber')}>{invalid('licenseNumber')}</Field.ErrorText>
              </Field.Root>
            )}
            {mode === 'signup' && userType === 'customer' && (
              <Field.Root invalid={Boolean(invalid('referralCode'))}>
                <Field.Label>{t`Invitation code (optional)`}</Field.Label>
                <Input
                  value={form.referralCode}
                  onChange={set('referralCode')}
                  aria-describedby={describedBy('referralCode')}
                  dir="ltr"
                  autoComplete="off"
                  autoCapitalize="characters"
                />
                <Field.ErrorText id={errorId('referralCode')}>{invalid('referralCode')}</Field.ErrorText>
              </Field.Root>
            )}
            {needsConsent && (
              <TermsConsent
                checked={form.acceptTerms}
                onChange={(acceptTerms) => setForm((current) => ({ ...current, acceptTerms }))}
                error={invalid('acceptTerms')}
                errorId={errorId('acceptTerms')}
              />
            )}
            {mode === 'signup' && (
              <MarketingChoice
                checked={form.marketingMail}
                onChange={(marketingMail) => setForm((current) => ({ ...current, marketingMail }))}
              />
            )}
            <Button type="submit" colorPalette="brand" loading={pending} width="full">
              {mode === 'signup' ? t`Create account` : mode === 'anonymous' ? t`Continue as guest` : t`Log in`}
            </Button>
          </Stack>
        </form>
      )}
      {(mode === 'login' || mode === 'admin') && (
        <Stack mt="4" gap="4">
          <OrSeparator />
          <PasskeySignInButton admin={mode === 'admin'} onSignedIn={(user) => signedIn(user, t`Successfully logged in!`)} />
        </Stack>
      )}
      {modal.forBooking && (mode === 'login' || mode === 'signup') && (
        <Stack mt="4" gap="2">
          <OrSeparator />
          <Button variant="outline" colorPalette="brand" width="full" onClick={() => switchTo('anonymous')}>
            <UserRound aria-hidden />
            {t`Book as a guest, no account needed`}
          </Button>
        </Stack>
      )}
      {(mode === 'login' || mode === 'signup') && providers.data?.phone && (
        <>
          <OrSeparator my="4" />
          <Button variant="outline" width="full" onClick={() => switchTo('phone')}>
            <Smartphone aria-hidden />
            {t`Continue with your mobile number`}
          </Button>
        </>
      )}
      {(mode === 'login' || mode === 'signup') && providers.data?.google && (
        <>
          <OrSeparator my="4" />
          <Button variant="outline" width="full" onClick={google}>
            <GoogleMark />
            {t`Continue with Google`}
          </Button>
        </>
      )}
      {(mode === 'login' || mode === 'signup' || (mode === 'anonymous' && modal.forBooking)) && (
        <Text mt="4" fontSize="sm" textAlign="center">
          {mode === 'login' ? t`Don't have an account?` : t`Already have an account?`}{' '}
          <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}>
            {mode === 'login' ? t`Sign up` : t`Log in`}
          </Button>
        </Text>
      )}
    </DialogShell>
  );
}

/** "or" between two ways in, on a line. */
function OrSeparator({ my }: { my?: string }) {
  const { t } = useLingui();
  return (
    <HStack my={my}>
      <Separator flex="1" />
      <Text fontSize="sm" color="fg.muted">
        {t`or`}
      </Text>
      <Separator flex="1" />
    </HStack>
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

import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatPhone } from '../../../shared/phone.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';

/** The Web OTP API (Chrome on Android): the code of an SMS ending `@host #code`, read with the person's leave. */
interface OtpCredential {
  code: string;
}

interface Props {
  /** The number the code went to, in E.164. */
  sentTo: string;
  /** When a new code may be asked for (epoch milliseconds). */
  resendAt: number;
  onConfirm(code: string): void;
  confirming: boolean;
  /** Why the code was refused (wrong, expired), said under the field. */
  confirmError: unknown;
  onResend(): void;
  /** Why a new code was not sent (too many sends), said under the buttons. */
  resendError: unknown;
  onChangeNumber(): void;
  /** The confirm button's words, when the code does more than confirm (e.g. books as a guest). */
  confirmLabel?: string;
}

/**
 * The second step of every confirmation by SMS (issue #55): the six-digit code sent to a number, with a
 * countdown to a new code, a way back to the number, and the code read from the SMS where the browser can.
 */
export function PhoneCodeStep({
  sentTo,
  resendAt,
  onConfirm,
  confirming,
  confirmError,
  onResend,
  resendError,
  onChangeNumber,
  confirmLabel,
}: Props) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const codeInput = useRef<HTMLInputElement>(null);
  // The latest callback, so that the SMS reader below is not restarted at every render.
  const confirmLatest = useRef(onConfirm);
  confirmLatest.current = onConfirm;

  // A new code (or a new number) starts with an empty field, focused.
  useEffect(() => {
    if (resendAt === 0) return;
    setCode('');
    requestAnimationFrame(() => codeInput.current?.focus());
  }, [resendAt]);

  // The countdown to "Send a new code".
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // Where the browser can read the SMS (its last line names this site), it offers to fill the code in.
  useEffect(() => {
    if (!('OTPCredential' in window)) return;
    const abort = new AbortController();
    const credentials = navigator.credentials as { get(options: object): Promise<unknown> };
    credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal })
      .then((otp) => {
        const received = (otp as OtpCredential | null)?.code;
        if (received) {
          setCode(received);
          confirmLatest.current(received);
        }
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onConfirm(code);
  };
  const shownNumber = isolated(formatPhone(sentTo));
  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));

  return (
    <form onSubmit={submit} noValidate data-testid="phone-code-step">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t`Enter the 6-digit code we sent by SMS to ${shownNumber}. It works for 5 minutes.`}
        </Text>
        <Field.Root invalid={Boolean(confirmError)} required>
          <Field.Label>{t`Code from the SMS`}</Field.Label>
          <NumericInput
            ref={codeInput}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            letterSpacing="0.3em"
          />
          <Field.ErrorText>{confirmError ? errorMessage(i18n, confirmError) : null}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" width="full" loading={confirming} disabled={!code.trim()}>
          {confirmLabel ?? t`Confirm`}
        </Button>
        <Stack direction="row" justify="space-between" align="center" gap="2" flexWrap="wrap">
          <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={onChangeNumber}>
            {t`Change the number`}
          </Button>
          <Button variant="plain" size="sm" color="brand.fg" px="0" disabled={waitSeconds > 0} onClick={onResend}>
            {waitSeconds > 0 ? t`New code in ${waitSeconds} s` : t`Send a new code`}
          </Button>
        </Stack>
        {Boolean(resendError) && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errorMessage(i18n, resendError)}
          </Text>
        )}
      </Stack>
    </form>
  );
}

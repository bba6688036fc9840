import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { saudiMobile } from '../../../shared/phone.ts';
import { trpc } from '../../lib/trpc.ts';
import { type ApplePayEnd, applePayAvailable, payWithApplePay } from './apple-pay.ts';
import { type CardDetails, type CardField, type GatewayRequest, invalidCardFields, payAtGateway } from './card-payment.ts';
import { paymentFailureSentences } from './payment-failure.ts';
import { confirmStcPay, startStcPay, stcPayCode } from './stc-pay.ts';

/** How the customer pays at the gateway: a card (mada, Visa, Mastercard), the STC Pay wallet, or Apple Pay where the browser has it. */
export type GatewayMethod = 'card' | 'stcpay' | 'applepay';

export interface GatewayFailure {
  title: string;
  /** Why, in the reader's language (the server's reason for the gateway's answer), shown under the title. */
  detail: string | null;
}

/** STC Pay waiting for its code: where to post it, the number it was texted to, and how many wrong codes came before it. */
interface CodeStep {
  required: GatewayRequest;
  transactionUrl: string;
  mobile: string;
  wrongCodes: number;
}

const NO_CARD: CardDetails = { name: '', number: '', expiry: '', cvc: '' };

/**
 * The browser's side of paying at the gateway (Moyasar's form model, ADR 0026), for the three places
 * that take a payment: the lab-test checkout, the store's checkout and a plan. What is typed is checked
 * before the server is asked (`check`); the server's answer is then paid (`pay`): a card goes on to its
 * 3-D Secure page, STC Pay asks for the code it texted (`confirmCode`), and Apple Pay's sheet, opened by
 * `check` in the click itself, takes the answer when it comes. A host whose server call fails calls
 * `abandon`. Leaving for the gateway's page or the callback calls `onLeave` first.
 *
 * What the gateway refused on the page is said with the server's reason for it (payments.outcome),
 * never the gateway's own words. STC Pay takes one code per payment, and a wrong one ends it: the hook
 * then asks the host to `restart` (its own call to the server, which answers `pay` again for the same
 * checkout) and texts a new code to the same number, the cart and the number kept (issue #61).
 */
export function useGatewayPayment({
  methods: offered,
  onLeave,
  restart,
  total,
}: {
  methods: readonly GatewayMethod[];
  onLeave?: () => void;
  /** Asks the host's server again for the payment (its answer comes to `pay`): a new STC Pay code after a wrong one. */
  restart?: () => void;
  /** What Apple Pay's sheet shows (halalas), when Apple Pay is offered. */
  total?: { amountHalalas: number; currency: string };
}) {
  const { t, i18n } = useLingui();
  // Apple Pay only where the browser has it, known once the page runs (the server draws no method it cannot tell).
  const [hasApplePay, setHasApplePay] = useState(false);
  useEffect(() => setHasApplePay(applePayAvailable()), []);
  const methods = offered.filter((method) => method !== 'applepay' || (hasApplePay && total !== undefined));
  const [method, setMethod] = useState<GatewayMethod>(offered[0] ?? 'card');
  const sheet = useRef<{ resolve(required: GatewayRequest): void; reject(reason: Error): void } | null>(null);
  const [card, setCard] = useState<CardDetails>(NO_CARD);
  const [invalidCard, setInvalidCard] = useState<CardField[]>([]);
  const [mobile, setMobile] = useState('');
  const [mobileInvalid, setMobileInvalid] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  /** The wrong codes so far when the host was asked to restart: its `pay` then texts a new code. */
  const wrongCodesBefore = useRef<number | null>(null);
  const outcome = useMutation(trpc.payments.outcome.mutationOptions());
  const [code, setCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<GatewayFailure | null>(null);

  const leave = (url: string) => {
    setLeaving(true);
    onLeave?.();
    window.location.assign(url);
  };
  const unavailable = () =>
    setFailure({ title: t`The payment service is not answering. You have not been charged; please try again.`, detail: null });
  /** How a payment the gateway refused on the page ended, as the server has it from the gateway; null when it cannot say. */
  const endOf = (paymentId: string) => outcome.mutateAsync({ paymentId }).catch(() => null);
  /** Why a payment the gateway refused on the page failed, in the reader's language. */
  const whyRefused = async (paymentId: string | null) => {
    const ended = paymentId ? await endOf(paymentId) : null;
    return i18n._(paymentFailureSentences[ended?.reason ?? 'unknown']);
  };
  const applePayEnded = async (end: ApplePayEnd) => {
    sheet.current = null;
    if (end.kind === 'declined') setFailure({ title: t`Apple Pay could not take the payment.`, detail: await whyRefused(end.paymentId) });
    setConfirming(false);
    if (end.kind === 'redirect') leave(end.url);
    else if (end.kind === 'unavailable') unavailable();
  };

  return {
    methods,
    method,
    chooseMethod(next: GatewayMethod) {
      setMethod(next);
      setFailure(null);
    },
    card,
    setCard,
    invalidCard,
    mobile,
    setMobile,
    mobileInvalid,
    /** The number STC Pay texted its code to, while the page waits for the code. */
    codeSentTo: codeStep?.mobile ?? null,
    /** How many wrong codes came before the one awaited: the page says the last one was wrong and a new one was sent. */
    wrongCodes: codeStep?.wrongCodes ?? 0,
    code,
    setCode,
    codeInvalid,
    confirming,
    failure,
    /** On its way to the gateway's page or back to our callback: nothing more to do here. */
    leaving,
    /** A payment under way here: Apple Pay's sheet open, or STC Pay's code being checked, or leaving. */
    working: leaving || confirming,

    /** Before the server is asked: whether what was typed can be right; marks what is not. Opens Apple Pay's sheet. */
    check(): boolean {
      setFailure(null);
      if (method === 'applepay') {
        if (!total) return false;
        const answer = new Promise<GatewayRequest>((resolve, reject) => {
          sheet.current = { resolve, reject };
        });
        setConfirming(true);
        void payWithApplePay({ ...total, label: t`Tahaleel` }, answer).then((end) => applePayEnded(end));
        return true;
      }
      if (method === 'card') {
        const wrong = invalidCardFields(card);
        setInvalidCard(wrong);
        return wrong.length === 0;
      }
      const valid = saudiMobile(mobile) !== null;
      setMobileInvalid(!valid);
      return valid;
    },

    /** Pays what the server answered (`payment_required`) at the gateway, by the method chosen. */
    async pay(required: GatewayRequest) {
      if (method === 'applepay') {
        sheet.current?.resolve(required);
        return;
      }
      if (method === 'card') {
        const answer = await payAtGateway(required, card);
        if (answer.kind === 'redirect') leave(answer.url);
        else if (answer.kind === 'invalid') setInvalidCard(answer.fields);
        else if (answer.kind === 'declined')
          setFailure({ title: t`Your card was not accepted.`, detail: await whyRefused(answer.paymentId) });
        else unavailable();
        return;
      }
      // After a wrong code: a new payment for the same number (the one typed is kept), its new code awaited.
      const wrongCodes = wrongCodesBefore.current;
      wrongCodesBefore.current = null;
      const started = await startStcPay(required, mobile);
      if (started.kind === 'code') {
        setCode('');
        setCodeInvalid(false);
        setCodeStep({ required, transactionUrl: started.transactionUrl, mobile: started.mobile, wrongCodes: wrongCodes ?? 0 });
      } else {
        setCodeStep(null);
        if (started.kind === 'invalid') setMobileInvalid(true);
        else if (started.kind === 'declined')
          // STC Pay refusing the number, or (after wrong codes) its own limit of codes reached: said, and the customer stops here.
          setFailure({ title: t`STC Pay did not accept the payment.`, detail: await whyRefused(started.paymentId) });
        else unavailable();
      }
      setConfirming(false);
    },

    /** Sends the code STC Pay texted; the payment is then over, and the callback says how it ended. */
    async confirmCode() {
      if (!codeStep) return;
      const typed = stcPayCode(code);
      setCodeInvalid(typed === null);
      if (typed === null) return;
      setFailure(null);
      setConfirming(true);
      const answer = await confirmStcPay(codeStep.required, codeStep.transactionUrl, typed);
      if (answer.kind === 'unavailable') {
        setConfirming(false);
        unavailable();
        return;
      }
      // A wrong code ended this payment (STC Pay takes no second try): a new one is started at once.
      if (answer.failed && restart && (await endOf(answer.paymentId))?.reason === 'wrong_code') {
        setCode('');
        wrongCodesBefore.current = codeStep.wrongCodes + 1;
        restart();
        return;
      }
      leave(answer.url);
    },

    /** The server refused to start the payment: Apple Pay's sheet, if open, is closed, and a new STC Pay code is not awaited. */
    abandon() {
      sheet.current?.reject(new Error('the payment was not started'));
      if (wrongCodesBefore.current !== null) {
        wrongCodesBefore.current = null;
        setCodeStep(null);
        setConfirming(false);
      }
    },

    /** Back from the code to the choice of method (the payment begun at the gateway lapses there unpaid). */
    leaveCodeStep() {
      setCodeStep(null);
      setCode('');
    },
  };
}

export type GatewayPaymentState = ReturnType<typeof useGatewayPayment>;

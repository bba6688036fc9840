import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { saudiMobile } from '../../../shared/phone.ts';
import { type ApplePayEnd, applePayAvailable, payWithApplePay } from './apple-pay.ts';
import { type CardDetails, type CardField, type GatewayRequest, invalidCardFields, payAtGateway } from './card-payment.ts';
import { confirmStcPay, startStcPay, stcPayCode } from './stc-pay.ts';

/** How the customer pays at the gateway: a card (mada, Visa, Mastercard), the STC Pay wallet, or Apple Pay where the browser has it. */
export type GatewayMethod = 'card' | 'stcpay' | 'applepay';

export interface GatewayFailure {
  title: string;
  /** The gateway's own words (in English), shown under the title. */
  detail: string | null;
}

const NO_CARD: CardDetails = { name: '', number: '', expiry: '', cvc: '' };

/**
 * The browser's side of paying at the gateway (Moyasar's form model, ADR 0026), for the three places
 * that take a payment: the lab-test checkout, the store's checkout and a plan. What is typed is checked
 * before the server is asked (`check`); the server's answer is then paid (`pay`): a card goes on to its
 * 3-D Secure page, STC Pay asks for the code it texted (`confirmCode`), and Apple Pay's sheet, opened by
 * `check` in the click itself, takes the answer when it comes. A host whose server call fails calls
 * `abandon`. Leaving for the gateway's page or the callback calls `onLeave` first.
 */
export function useGatewayPayment({
  methods: offered,
  onLeave,
  total,
}: {
  methods: readonly GatewayMethod[];
  onLeave?: () => void;
  /** What Apple Pay's sheet shows (halalas), when Apple Pay is offered. */
  total?: { amountHalalas: number; currency: string };
}) {
  const { t } = useLingui();
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
  const [codeStep, setCodeStep] = useState<{ required: GatewayRequest; transactionUrl: string; mobile: string } | null>(null);
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
  const applePayEnded = (end: ApplePayEnd) => {
    sheet.current = null;
    setConfirming(false);
    if (end.kind === 'redirect') leave(end.url);
    else if (end.kind === 'declined')
      setFailure({ title: t`Apple Pay could not take the payment. Please try another card.`, detail: end.message });
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
        void payWithApplePay({ ...total, label: t`Tahaleel` }, answer).then(applePayEnded);
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
          setFailure({ title: t`Your card was declined. Please try another card.`, detail: answer.message });
        else unavailable();
        return;
      }
      const started = await startStcPay(required, mobile);
      if (started.kind === 'code') {
        setCode('');
        setCodeInvalid(false);
        setCodeStep({ required, transactionUrl: started.transactionUrl, mobile: started.mobile });
      } else if (started.kind === 'invalid') setMobileInvalid(true);
      else if (started.kind === 'declined')
        setFailure({ title: t`STC Pay did not accept the payment. Please check your wallet or pay by card.`, detail: started.message });
      else unavailable();
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
      if (answer.kind === 'redirect') {
        leave(answer.url);
        return;
      }
      setConfirming(false);
      unavailable();
    },

    /** The server refused to start the payment: Apple Pay's sheet, if open, is closed. */
    abandon() {
      sheet.current?.reject(new Error('the payment was not started'));
    },

    /** Back from the code to the choice of method (the payment begun at the gateway lapses there unpaid). */
    leaveCodeStep() {
      setCodeStep(null);
      setCode('');
    },
  };
}

export type GatewayPaymentState = ReturnType<typeof useGatewayPayment>;

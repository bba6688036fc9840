import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { saudiMobile } from '../../../shared/phone.ts';
import { type CardDetails, type CardField, type GatewayRequest, invalidCardFields, payAtGateway } from './card-payment.ts';
import { confirmStcPay, startStcPay, stcPayCode } from './stc-pay.ts';

/** How the customer pays at the gateway: a card (mada, Visa, Mastercard) or the STC Pay wallet. */
export type GatewayMethod = 'card' | 'stcpay';

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
 * 3-D Secure page, STC Pay asks for the code it texted (`confirmCode`). Leaving for the gateway's page or
 * the callback calls `onLeave` first.
 */
export function useGatewayPayment({ methods, onLeave }: { methods: readonly GatewayMethod[]; onLeave?: () => void }) {
  const { t } = useLingui();
  const [method, setMethod] = useState<GatewayMethod>(methods[0] ?? 'card');
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

    /** Before the server is asked: whether what was typed can be right; marks what is not. */
    check(): boolean {
      setFailure(null);
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

    /** Back from the code to the choice of method (the payment begun at the gateway lapses there unpaid). */
    leaveCodeStep() {
      setCodeStep(null);
      setCode('');
    },
  };
}

export type GatewayPaymentState = ReturnType<typeof useGatewayPayment>;

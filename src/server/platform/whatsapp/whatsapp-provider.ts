// How the app reaches a patient on WhatsApp (issue #55), for those who chose it: one WhatsAppProvider, Meta's
// WhatsApp Cloud API (whatsapp-cloud.ts) or `dev`, which sends nothing. A business may open a conversation
// only with a message template Meta approved, so a message is a template's name and the words for its
// variables, never free text. A failed send throws TextSendError (../sms/sms-provider.ts), `retryable` when
// trying again can help: the sender tries those again, then sends the SMS instead.

/** A template message to send. */
export interface WhatsAppTemplateMessage {
  /** E.164, e.g. +966512345678 */
  to: string;
  /** The approved template's name, the same in both languages. */
  template: string;
  /** The approved translation to send: the reader's language. */
  language: 'ar' | 'en';
  /** The words for the template's body variables {{1}}, {{2}}…, in order. */
  parameters: string[];
}

export interface WhatsAppProvider {
  readonly name: 'whatsapp' | 'dev';
  /** Resolves with Meta's id for the message taken (`wamid.…`): its status webhooks name it by that id. */
  send(message: WhatsAppTemplateMessage): Promise<{ providerMessageId: string }>;
}

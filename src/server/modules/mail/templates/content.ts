import { clean, webAddress } from './format.ts';

/**
 * What one mail says, once, in one language. The HTML part (layout.tsx) and the plain-text part
 * (text.ts) are both drawn from it, so they cannot say different things or miss a link.
 */
export interface MailContent {
  subject: string;
  /** The line inboxes show after the subject. */
  preheader: string;
  heading: string;
  /** The greeting and what happened, before the details. */
  intro: Paragraph[];
  /** Label and value rows, e.g. the appointment. */
  details?: DetailRow[];
  /** The one button; its address is also written out in full below it. */
  action?: { label: string; href: string };
  /** After the button: how long the link works, what to do if this was not you. */
  notes?: Paragraph[];
  /** The footer: why the reader got this mail, and how to stop it where they can. */
  reason: Paragraph[];
}

export interface DetailRow {
  label: string;
  value: Paragraph;
  /** A second, quieter line under the value (the Hijri date). */
  note?: string;
}

/** Mail copy with the values typed by people kept apart, so each is escaped and isolated where it is drawn. */
export type Paragraph = readonly Inline[];

export type Inline =
  | string
  /** A value whose direction may differ from the sentence's: a name, a reference, a phone number. */
  | { kind: 'isolate'; text: string; ltr: boolean }
  | { kind: 'link'; href: string; label: string | null }
  | { kind: 'email'; address: string };

/** A name or other text of unknown direction, e.g. a Latin name in an Arabic sentence. */
export function isolate(text: string): Inline {
  return { kind: 'isolate', text: clean(text), ltr: false };
}

/** A value that always reads left to right: a booking reference, a phone number. */
export function leftToRight(text: string): Inline {
  return { kind: 'isolate', text: clean(text), ltr: true };
}

/** A link; without a label the address itself is shown. */
export function link(href: string, label: string | null = null): Inline {
  return { kind: 'link', href: webAddress(href), label };
}

export function emailAddress(address: string): Inline {
  return { kind: 'email', address: clean(address) };
}

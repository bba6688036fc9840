// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PublicReview, ReviewCard } from '../../src/client/components/review-card.tsx';
import { createAppSystem } from '../../src/client/theme.ts';

beforeAll(async () => {
  i18n.load({ ar: (await import('../../src/client/locales/ar/messages.po')).messages });
  i18n.activate('ar');
});
afterEach(cleanup);

const system = createAppSystem();

/** Whether the element, or one around it, keeps its text from reordering what stands around it. */
function isolating(element: HTMLElement | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    if (node.tagName === 'BDI' || node.getAttribute('dir') === 'auto') return true;
    if (node.getAttribute('data-review-id')) return false;
  }
  return false;
}

// A review stored before its text was cleaned, by an author and a lab whose names are mixed Latin and Arabic.
const review: PublicReview = {
  id: 'review-1',
  rating: 2,
  text: 'passwd\u202Egnp.pdf',
  author_name: 'Noura',
  created_at: '2026-11-01T09:00:00.000Z',
  edited: false,
  reply: { text: 'Thanks 1', replied_at: '2026-11-02T09:00:00.000Z' },
};

describe('a review as others read it', () => {
  it("draws the review's text, its author's name and the lab's reply each inside an isolating element", () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <ReviewCard review={review} labName="Lab 24" />
        </I18nProvider>
      </ChakraProvider>,
    );
    expect(isolating(screen.getByText('passwd\u202Egnp.pdf'))).toBe(true);
    expect(isolating(screen.getByText('Noura'))).toBe(true);
    expect(isolating(screen.getByText('Thanks 1'))).toBe(true);
  });

  it("isolates the lab's name inside the translated reply heading, so it cannot reorder the words of the sentence", () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <ReviewCard review={review} labName={'Lab \u202E42'} />
        </I18nProvider>
      </ChakraProvider>,
    );
    expect(screen.getByTestId('lab-reply').textContent).toContain('ردّ \u2068Lab \u202E42\u2069');
  });
});

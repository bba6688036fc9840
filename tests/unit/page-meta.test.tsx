// @vitest-environment happy-dom
import { type Messages, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipDescription, META_DESCRIPTION_MAX, metaDescriptionFrom, usePageMeta } from '../../src/client/lib/use-page-meta.ts';

const i18n = setupI18n();
beforeAll(() => {
  // Every catalog of both languages: the about page's text and the store's are in catalogs of their own.
  const catalogs = import.meta.glob<{ messages: Messages }>('../../src/client/locales/*/*.po', { eager: true });
  for (const [file, { messages }] of Object.entries(catalogs)) i18n.load(file.split('/').at(-2)!, messages);
  i18n.activate('ar');
});

function AboutMeta() {
  const { t } = useLingui();
  // Messages the catalog already holds, so the page reads them in both languages.
  usePageMeta({ title: t`About us`, description: t`Tahaleel in numbers` });
  return null;
}

function ProductMeta({ title, html }: { title: string; html: string }) {
  const { t } = useLingui();
  usePageMeta({ title: t`${title} - Our Store`, description: metaDescriptionFrom(html, title), standalone: true });
  return null;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page title and description', () => {
  it('names the page and the site in the active language, follows a language switch and restores the site title on leaving', () => {
    const page = render(
      <I18nProvider i18n={i18n}>
        <AboutMeta />
      </I18nProvider>,
    );
    expect(document.title).toBe('من نحن | تحاليل');
    expect(description()).toBe('تحاليل بالأرقام');

    act(() => i18n.activate('en'));
    expect(document.title).toBe('About us | Tahaleel');
    expect(description()).toBe('Tahaleel in numbers');

    page.unmount();
    expect(document.title).toBe('Tahaleel');
    expect(description()).toBe('Tahaleel: compare lab test prices at labs near you and book your appointment with ease.');
    act(() => i18n.activate('ar'));
  });

  it('cuts a description longer than 160 characters at a word, with an ellipsis', () => {
    const long = 'تحاليل '.repeat(40);
    const clipped = clipDescription(long);
    expect(clipped.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(clipped.endsWith('تحاليل…')).toBe(true);
    expect(clipDescription('  Short   text. ')).toBe('Short text.');
  });

  it('gives a store product the spec title without the site name, and the first 160 characters of its description', () => {
    const html = `<p>Know your <strong>vitamin D</strong> level &amp; more.</p>${'<p>Detail.</p>'.repeat(30)}`;
    const page = render(
      <I18nProvider i18n={i18n}>
        <ProductMeta title="Vitamin D Home Test Kit" html={html} />
      </I18nProvider>,
    );
    expect(document.title).toBe('Vitamin D Home Test Kit - متجرنا');
    expect(description()).toBe(`Know your vitamin D level & more. ${'Detail. '.repeat(30)}`.trim().slice(0, META_DESCRIPTION_MAX).trim());
    page.unmount();
    expect(document.title).toBe('تحاليل');
  });

  it('describes a product without a description by its title', () => {
    expect(metaDescriptionFrom('<p> </p>', 'Tote bag')).toBe('Tote bag');
  });
});

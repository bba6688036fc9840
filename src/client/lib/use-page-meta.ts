import { useLingui } from '@lingui/react/macro';
import { createContext, useContext, useEffect } from 'react';

/** A page's head as the server writes it into the HTML it sends. */
export interface PageHead {
  title: string;
  description: string;
}

/**
 * On the server (src/client/entry-server.tsx), where effects never run, the page's title and
 * description are handed here while it renders; the last page component to render wins, as its
 * effect would on the client.
 */
export const PageHeadSink = createContext<((head: PageHead) => void) | null>(null);

/** Search engines show about this much of a description (spec §9): longer text is cut at a word. */
export const META_DESCRIPTION_MAX = 160;

export function clipDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,،:;؛-]+$/, '')}…`;
}

/** A store product's meta description: the first 160 characters of its HTML description's text (spec §4). */
export function metaDescriptionFrom(html: string, fallback: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return (text || fallback).slice(0, META_DESCRIPTION_MAX);
}

function setMetaDescription(content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = clipDescription(content);
}

/** Keeps search engines off a page while it is shown (a page reached from a mailed link, say). */
function keepOutOfSearchResults(): () => void {
  const meta = document.createElement('meta');
  meta.name = 'robots';
  meta.content = 'noindex';
  document.head.append(meta);
  return () => meta.remove();
}

/**
 * The page's title ("… | تحاليل" / "… | Tahaleel") and meta description in the active language.
 * Both follow a language switch; leaving the page puts back the site's own title and description,
 * so a page without its own never shows the previous page's. Every page names itself (WCAG 2.4.2:
 * the title is what a screen reader announces on a change of page); without a description of its
 * own a page keeps the site's. A `standalone` title goes without the site's name (a store product:
 * spec §4's "{title} - Our Store"). A `noindex` page asks search engines not to list it; such pages are
 * drawn by the client only, so the server never needs to write the tag.
 */
export function usePageMeta({
  title,
  description,
  standalone = false,
  noindex = false,
}: {
  title: string;
  description?: string;
  standalone?: boolean;
  noindex?: boolean;
}) {
  const { t } = useLingui();
  const siteName = t`Tahaleel`;
  const siteDescription = t`Tahaleel: compare lab test prices at labs near you and book your appointment with ease.`;
  const fullTitle = standalone ? title : `${title} | ${siteName}`;
  useContext(PageHeadSink)?.({ title: fullTitle, description: clipDescription(description ?? siteDescription) });
  useEffect(() => {
    document.title = fullTitle;
    setMetaDescription(description ?? siteDescription);
    return () => {
      document.title = siteName;
      setMetaDescription(siteDescription);
    };
  }, [fullTitle, description, siteName, siteDescription]);
  useEffect(() => (noindex ? keepOutOfSearchResults() : undefined), [noindex]);
}

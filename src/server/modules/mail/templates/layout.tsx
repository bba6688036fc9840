import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../../../shared/locale.ts';
import type { DetailRow, Inline, MailContent, Paragraph } from './content.ts';
import { picker } from './format.ts';

// The brand, as mail clients allow it: inline styles, tables, no remote images or fonts.
const PRIMARY = '#0b5b5c';
const ACCENT = '#8f5a00';
const LIGHT = '#e8f5f4';
const TEXT = '#1a202c';
const MUTED = '#4a5568';
// Tahoma draws Arabic well in the common mail clients; Arial and the system font after it.
const FONT = 'Tahoma, Arial, sans-serif';

/** The HTML part: a whole document, right to left for Arabic. React escapes every value it writes. */
export function renderHtml(content: MailContent, locale: Locale, publicUrl: string): string {
  return `<!doctype html>${renderToStaticMarkup(<MailDocument content={content} locale={locale} publicUrl={publicUrl} />)}`;
}

function MailDocument({ content, locale, publicUrl }: { content: MailContent; locale: Locale; publicUrl: string }) {
  const t = picker(locale);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  // Some clients (Gmail on the web) drop the <html> element's attributes: the direction and
  // alignment are repeated on the tables and blocks that hold text.
  const align = locale === 'ar' ? 'right' : 'left';
  const text: CSSProperties = { fontFamily: FONT, color: TEXT, fontSize: 16, lineHeight: 1.7, textAlign: align };
  const paragraph: CSSProperties = { ...text, margin: '0 0 16px' };
  const quiet: CSSProperties = { ...text, color: MUTED, fontSize: 13, lineHeight: 1.6, margin: '0 0 8px' };
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{content.subject}</title>
      </head>
      <body dir={dir} style={{ margin: 0, padding: 0, backgroundColor: LIGHT }}>
        <div style={{ display: 'none', maxHeight: 0, maxWidth: 0, overflow: 'hidden', opacity: 0, fontSize: 1, lineHeight: '1px' }}>
          {content.preheader}
        </div>
        <table role="presentation" dir={dir} width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ backgroundColor: LIGHT }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  dir={dir}
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  border={0}
                  style={{ width: '100%', maxWidth: 560, margin: '0 auto' }}
                >
                  <tbody>
                    <tr>
                      <td style={{ ...text, padding: '0 4px 16px' }}>
                        <a
                          href={publicUrl}
                          style={{ fontFamily: FONT, color: PRIMARY, fontSize: 22, fontWeight: 'bold', textDecoration: 'none' }}
                        >
                          تحاليل | Tahaleel
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          ...text,
                          backgroundColor: '#ffffff',
                          borderTop: `4px solid ${ACCENT}`,
                          borderRadius: 8,
                          padding: '28px 24px',
                        }}
                      >
                        <h1 style={{ ...text, color: PRIMARY, fontSize: 22, lineHeight: 1.4, margin: '0 0 20px' }}>{content.heading}</h1>
                        {content.intro.map((part, index) => (
                          <p key={index} style={paragraph}>
                            <Inlines parts={part} />
                          </p>
                        ))}
                        {content.details && <Details rows={content.details} align={align} text={text} />}
                        {content.action && (
                          <>
                            <Button href={content.action.href} label={content.action.label} />
                            <p style={{ ...quiet, margin: '0 0 4px' }}>
                              {t(
                                'إن لم يعمل الزر، فانسخ الرابط التالي والصقه في متصفحك:',
                                'If the button does not work, copy this link into your browser:',
                              )}
                            </p>
                            <p style={{ ...quiet, margin: '0 0 20px', wordBreak: 'break-all' }}>
                              <a href={content.action.href} dir="ltr" style={{ color: PRIMARY }}>
                                {content.action.href}
                              </a>
                            </p>
                          </>
                        )}
                        {content.notes?.map((part, index) => (
                          <p key={index} style={{ ...paragraph, fontSize: 15 }}>
                            <Inlines parts={part} />
                          </p>
                        ))}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ ...text, padding: '20px 4px 0' }}>
                        {content.reason.map((part, index) => (
                          <p key={index} style={quiet}>
                            <Inlines parts={part} />
                          </p>
                        ))}
                        <p style={{ ...quiet, margin: '12px 0 0' }}>
                          {t('تحاليل: احجز تحاليلك الطبية في المملكة العربية السعودية', 'Tahaleel: book medical lab tests in Saudi Arabia')}
                          {' · '}
                          <a href={publicUrl} dir="ltr" style={{ color: PRIMARY }}>
                            {new URL(publicUrl).host}
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A link drawn as a button; the table cell carries the colour for clients that ignore the link's padding. */
function Button({ href, label }: { href: string; label: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: '8px 0 20px' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: PRIMARY, borderRadius: 6 }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 28px',
                fontFamily: FONT,
                fontSize: 16,
                fontWeight: 'bold',
                lineHeight: 1.4,
                color: '#ffffff',
                backgroundColor: PRIMARY,
                borderRadius: 6,
                textDecoration: 'none',
              }}
            >
              {label}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Details({ rows, align, text }: { rows: DetailRow[]; align: 'right' | 'left'; text: CSSProperties }) {
  const labelSide = align === 'right' ? 'paddingLeft' : 'paddingRight';
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ backgroundColor: LIGHT, borderRadius: 8, margin: '0 0 20px' }}
    >
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td
              valign="top"
              style={{
                ...text,
                color: MUTED,
                fontSize: 14,
                whiteSpace: 'nowrap',
                padding: '8px 16px',
                [labelSide]: 8,
                verticalAlign: 'top',
              }}
            >
              {row.label}
            </td>
            <td valign="top" style={{ ...text, fontSize: 15, fontWeight: 'bold', padding: '8px 16px', verticalAlign: 'top' }}>
              <Inlines parts={row.value} />
              {row.note && <div style={{ ...text, color: MUTED, fontSize: 13, fontWeight: 'normal' }}>{row.note}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Inlines({ parts }: { parts: Paragraph }) {
  return <>{parts.map((part, index) => drawInline(part, index))}</>;
}

function drawInline(part: Inline, key: number): ReactNode {
  if (typeof part === 'string') return part;
  switch (part.kind) {
    case 'isolate':
      // <bdi> keeps a Latin name or a phone number from turning the Arabic sentence around it (and the reverse).
      return part.ltr ? (
        <bdi key={key} dir="ltr">
          {part.text}
        </bdi>
      ) : (
        <bdi key={key}>{part.text}</bdi>
      );
    case 'link':
      return (
        <a
          key={key}
          href={part.href}
          dir={part.label ? undefined : 'ltr'}
          style={{ color: PRIMARY, wordBreak: part.label ? undefined : 'break-all' }}
        >
          {part.label ?? part.href}
        </a>
      );
    case 'email':
      return (
        <a key={key} href={`mailto:${part.address}`} dir="ltr" style={{ color: PRIMARY }}>
          {part.address}
        </a>
      );
  }
}

import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Database } from '../../db/schema.ts';
import { recentPhoneMessages, type ShownPhoneMessage } from '../phone/phone-messages.service.ts';
import { listMail } from './outbox.repository.ts';
import { withAbsoluteLinks } from './outbox-sender.ts';
import { type MailMessage, type RenderedMail, renderMail } from './templates.tsx';

const SHOWN = 50;

type Row = Awaited<ReturnType<typeof listMail>>[number];

function rendered(row: Row, publicUrl: string): RenderedMail | null {
  const data = row.data as Record<string, unknown>;
  if (data.delivered || data.skipped) return null;
  try {
    return renderMail({ template: row.template, data: withAbsoluteLinks(data, publicUrl) } as MailMessage, row.locale, { publicUrl });
  } catch {
    return null;
  }
}

function Mailbox({ rows, texts, publicUrl }: { rows: Row[]; texts: ShownPhoneMessage[]; publicUrl: string }) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <title>Development mailbox — Tahaleel</title>
      </head>
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
        <h1>Development mailbox</h1>
        <p>The last {SHOWN} mails this server wrote, newest first. No mail leaves this machine: set SMTP_URL to deliver them.</p>
        {rows.length === 0 ? <p>No mail yet.</p> : null}
        <table cellPadding={6} style={{ borderCollapse: 'collapse', width: '100%' }}>
          <tbody>
            {rows.map((row) => {
              const mail = rendered(row, publicUrl);
              return (
                <tr key={row.id} style={{ borderTop: '1px solid #ddd' }}>
                  <td>{(row.sent_at ?? row.created_at).toISOString().replace('T', ' ').slice(0, 19)}</td>
                  <td>{row.recipient}</td>
                  <td dir="auto">{mail ? <a href={`/dev/mailbox/${row.id}`}>{mail.subject}</a> : row.template}</td>
                  <td>{row.status}</td>
                  <td>{mail ? <a href={`/dev/mailbox/${row.id}/text`}>text</a> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <h2>Text messages</h2>
        <p>The last {SHOWN} SMS and WhatsApp messages, newest first. With SMS_PROVIDER=dev none leaves this machine.</p>
        {texts.length === 0 ? <p>No text messages yet.</p> : null}
        <table cellPadding={6} style={{ borderCollapse: 'collapse', width: '100%' }}>
          <tbody>
            {texts.map((text) => (
              <tr key={text.id} style={{ borderTop: '1px solid #ddd' }} data-testid="dev-text-message">
                <td>{text.at.toISOString().replace('T', ' ').slice(0, 19)}</td>
                <td dir="ltr">{text.recipient}</td>
                <td>{text.channel}</td>
                <td>{text.status}</td>
                <td dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                  {text.text ?? '(sent; its text is not kept)'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}

/**
 * Whether a request comes from this machine and no further: over a loopback connection, not passed on
 * by a proxy here (which would say whom for), and addressed to a loopback name (a page elsewhere that
 * points its own name at 127.0.0.1, DNS rebinding, asks by that name).
 */
function fromThisMachine(c: Context, socketAddress: string | undefined): boolean {
  const loopbackConnection = socketAddress === '::1' || /^(::ffff:)?127\./.test(socketAddress ?? '');
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((header) => c.req.header(header) !== undefined);
  const askedFor = new URL(c.req.url).hostname;
  return loopbackConnection && !forwarded && ['localhost', '127.0.0.1', '[::1]'].includes(askedFor);
}

/**
 * `/dev/mailbox`: the mails kept without SMTP_URL, for a server listening on loopback alone (env.ts).
 * Even so, a request from anywhere but this machine is answered as if there were no such page.
 */
export function devMailboxRoutes(db: Kysely<Database>, publicUrl: string, socketAddress: (c: Context) => string | undefined) {
  const app = new Hono();
  app.use(async (c, next) => (fromThisMachine(c, socketAddress(c)) ? next() : c.notFound()));
  app.get('/', async (c) => {
    const [rows, texts] = await Promise.all([listMail(db, SHOWN), recentPhoneMessages(db, SHOWN, publicUrl)]);
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html>${renderToStaticMarkup(<Mailbox rows={rows} texts={texts} publicUrl={publicUrl} />)}`);
  });
  const one = async (id: string) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const [row] = (await listMail(db, SHOWN)).filter((candidate) => candidate.id === id);
    return row ? rendered(row, publicUrl) : null;
  };
  app.get('/:id', async (c) => {
    const mail = await one(c.req.param('id'));
    c.header('Cache-Control', 'no-store');
    return mail ? c.html(mail.html) : c.notFound();
  });
  app.get('/:id/text', async (c) => {
    const mail = await one(c.req.param('id'));
    c.header('Cache-Control', 'no-store');
    return mail ? c.text(`Subject: ${mail.subject}\n\n${mail.text}`) : c.notFound();
  });
  return app;
}

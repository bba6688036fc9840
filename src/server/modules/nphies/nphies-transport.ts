import { request as httpsRequest } from 'node:https';
import type { NphiesLabSettings } from './nphies-asks.ts';

/**
 * How a message reaches NPHIES (ADR 0097): one POST of the Bundle as `application/fhir+json` to the
 * lab's `$process-message` endpoint, answered by a body and a status. Injectable: the Node server uses
 * `nodeNphiesTransport`; a runtime without per-request client certificates (Cloudflare Workers, whose
 * mTLS is a binding fixed at deploy time) supplies its own.
 */
export interface NphiesHttpRequest {
  url: string;
  body: string;
  settings: NphiesLabSettings;
  /** Aborted when the exchange's time is up. */
  signal: AbortSignal;
}

export interface NphiesHttpAnswer {
  status: number;
  body: string;
}

export type NphiesTransport = (request: NphiesHttpRequest) => Promise<NphiesHttpAnswer>;

/** The request never got an answer (refused, reset, DNS, TLS): worth another try. */
export class NphiesNetworkError extends Error {
  override name = 'NphiesNetworkError';
}

const HEADERS = { 'content-type': 'application/fhir+json', accept: 'application/fhir+json' };

/**
 * Node's transport: with the lab's client certificate and key, a mutual-TLS request through
 * `node:https` (its own agent per lab's certificates: the TLS session is the lab's identity); without
 * them, `fetch`. An aborted request rejects with the signal's reason; any other failure is a network error.
 */
export const nodeNphiesTransport: NphiesTransport = async ({ url, body, settings, signal }) => {
  // Plain http is the fake NPHIES on this machine (labSettingsSchema allows it nowhere else), as the demo
  // lab's settings point at it: a client certificate has no TLS to go in there.
  if (settings.clientCertPem && settings.clientKeyPem && url.startsWith('https:')) return mutualTls(url, body, settings, signal);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: HEADERS, body, signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new NphiesNetworkError(`NPHIES could not be reached at ${new URL(url).host}`, { cause: error });
  }
  try {
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new NphiesNetworkError('The answer from NPHIES broke off', { cause: error });
  }
};

function mutualTls(url: string, body: string, settings: NphiesLabSettings, signal: AbortSignal): Promise<NphiesHttpAnswer> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(signal.aborted ? signal.reason : new NphiesNetworkError('NPHIES could not be reached', { cause: error }));
    const outgoing = httpsRequest(
      url,
      {
        method: 'POST',
        headers: { ...HEADERS, 'content-length': Buffer.byteLength(body) },
        cert: settings.clientCertPem,
        key: settings.clientKeyPem,
        ...(settings.caPem && { ca: settings.caPem }),
        signal,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

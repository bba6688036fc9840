import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NphiesNetworkError, nodeNphiesTransport } from '../../src/server/modules/nphies/nphies-transport.ts';

// NPHIES identifies a provider by its client certificate (mutual TLS, ADR 0097): the Node transport
// presents the lab's certificate and key, trusts the CA the settings name, and a certificate NPHIES did
// not issue gets no answer. The certificates are made here, for this run only, with openssl.

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
let server: Server;
let endpointUrl: string;
const pem = (name: string) => readFileSync(join(dir, name), 'utf8');

function issue(name: string, subject: string, ca: string, extensions?: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  );
  const extra = extensions ? ['-extfile', `${name}.ext`] : [];
  if (extensions) writeFileSync(join(dir, `${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '1',
    ...extra,
  );
}

function authority(name: string, subject: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '1',
      '-subj',
      subject,
    ],
    { cwd: dir, stdio: 'ignore' },
  );
}

beforeAll(async () => {
  if (!hasOpenssl) return;
  dir = mkdtempSync(join(tmpdir(), 'nphies-mtls-'));
  authority('nphies-ca', '/CN=Test NPHIES CA');
  authority('other-ca', '/CN=Someone else');
  issue('server', '/CN=127.0.0.1', 'nphies-ca', 'subjectAltName=IP:127.0.0.1\n');
  issue('lab', '/CN=PR-FHIR-10000', 'nphies-ca');
  issue('stranger', '/CN=PR-FHIR-10000', 'other-ca');
  server = createServer(
    { key: pem('server.key'), cert: pem('server.pem'), ca: pem('nphies-ca.pem'), requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      response.writeHead(200, { 'content-type': 'application/fhir+json' });
      response.end(JSON.stringify({ provider: peer.subject?.CN, contentType: request.headers['content-type'] }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpointUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/$process-message`;
});

afterAll(async () => {
  if (!hasOpenssl) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasOpenssl)('the lab’s certificate', () => {
  it('is presented to NPHIES, which answers the lab it names', async () => {
    const answer = await nodeNphiesTransport({
      url: endpointUrl,
      body: '{}',
      settings: {
        endpointUrl,
        providerLicense: 'PR-FHIR-10000',
        clientCertPem: pem('lab.pem'),
        clientKeyPem: pem('lab.key'),
        caPem: pem('nphies-ca.pem'),
      },
      signal: AbortSignal.timeout(5000),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ provider: 'PR-FHIR-10000', contentType: 'application/fhir+json' });
  });

  it('not issued by NPHIES gets no answer: a network error, tried again like one', async () => {
    const sending = nodeNphiesTransport({
      url: endpointUrl,
      body: '{}',
      settings: {
        endpointUrl,
        providerLicense: 'PR-FHIR-10000',
        clientCertPem: pem('stranger.pem'),
        clientKeyPem: pem('stranger.key'),
        caPem: pem('nphies-ca.pem'),
      },
      signal: AbortSignal.timeout(5000),
    });
    await expect(sending).rejects.toBeInstanceOf(NphiesNetworkError);
  });
});

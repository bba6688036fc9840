// The demo lab's NPHIES settings (issue #80, ADR 0094): a self-signed client certificate and its key, made
// for the demo alone (openssl, P-256, until 2126) and published here on purpose: no NPHIES accepts it, and
// the fake NPHIES server (`npm run fake:nphies`) asks for nothing more. The endpoint is the fake server's default
// on this machine; a real lab types the address and certificate NPHIES gave it.
export const demoNphiesSettings = {
  providerLicense: 'DEMO-PR-10001',
  endpointUrl: 'http://127.0.0.1:4030/$process-message',
  clientCertPem: `-----BEGIN CERTIFICATE-----
MIIB/zCCAaWgAwIBAgIUaqJ95f9NE2RjJ+t26vsD3+PxTJUwCgYIKoZIzj0EAwIw
VDELMAkGA1UEBhMCU0ExGjAYBgNVBAoMEVRhaGFsZWVsIERlbW8gTGFiMSkwJwYD
VQQDDCBkZW1vLWxhYi5ucGhpZXMudGFoYWxlZWwuaW52YWxpZDAgFw0yNjExMzAy
MDUzMjRaGA8yMTI2MTEwNjIwNTMyNFowVDELMAkGA1UEBhMCU0ExGjAYBgNVBAoM
EVRhaGFsZWVsIERlbW8gTGFiMSkwJwYDVQQDDCBkZW1vLWxhYi5ucGhpZXMudGFo
YWxlZWwuaW52YWxpZDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABM8OT03mW115
mWyM/f+I1kNcrbrQH2UnGK0aU1xX74XCerYbNG5UQeE1ZL7v8NH3FgC+1TLnfhEa
xRnjav/cSPijUzBRMB0GA1UdDgQWBBTAihARaI81W0Jlj8qJRnEysQNnEzAfBgNV
HSMEGDAWgBTAihARaI81W0Jlj8qJRnEysQNnEzAPBgNVHRMBAf8EBTADAQH/MAoG
CCqGSM49BAMCA0gAMEUCIQD8XprIWlZSW1ITwqFLNDR2Aw9g0jpKx4uoqnleP9kn
FgIgTFYsVJ4V96kZ0enb4efn6NiVH1EJLRxHVGjhRE96nYE=
-----END CERTIFICATE-----`,
  clientKeyPem: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgCITt4QoqfKhiE02G
yDR4HBsOx0e4REUWRUCuHsr0G0ahRANCAATPDk9N5ltdeZlsjP3/iNZDXK260B9l
JxitGlNcV++Fwnq2GzRuVEHhNWS+7/DR9xYAvtUy534RGsUZ42r/3Ej4
-----END PRIVATE KEY-----`,
  caPem: null,
} as const;

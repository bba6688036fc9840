// A second self-signed pair (openssl, P-256), made for the tests alone: its key is not the demo
// certificate's, so a lab pasting one with the other's key is refused (tests/integration/lab-insurance.test.ts).
export const otherCertificatePem = `-----BEGIN CERTIFICATE-----
MIIBmTCCAT+gAwIBAgIUVAtDtzMy48DrnlfvMOhYAvbIuPMwCgYIKoZIzj0EAwIw
ITEfMB0GA1UEAwwWb3RoZXIudGFoYWxlZWwuaW52YWxpZDAgFw0yNjExMzAyMDUz
MjRaGA8yMTI2MTEwNjIwNTMyNFowITEfMB0GA1UEAwwWb3RoZXIudGFoYWxlZWwu
aW52YWxpZDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABOy4ZKtw4Oa3TSdUz0AJ
2TVhCBZp/48yKFO/Wc6bNObulOuE23tZ/32rRRxWwRCKxC7/faNTtRw7MG1F44YC
4CejUzBRMB0GA1UdDgQWBBScOeDaegbGZ4qNMMl0NQkUlIZ8EzAfBgNVHSMEGDAW
gBScOeDaegbGZ4qNMMl0NQkUlIZ8EzAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49
BAMCA0gAMEUCIQDQz1ExaWi1yC8Gj9ifNGGjEvLyEKDq1bcSizLp7fq1DgIgEBkj
AV6o5YCOGACoKg5GLqMD2Mh8kpvsgTaGw3FnBNY=
-----END CERTIFICATE-----`;

export const otherKeyPem = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmLmOMhttVv3jxaVd
VG+dJEKcXUnzUyPTsvMp+608dDihRANCAATsuGSrcODmt00nVM9ACdk1YQgWaf+P
MihTv1nOmzTm7pTrhNt7Wf99q0UcVsEQisQu/32jU7UcOzBtReOGAuAn
-----END PRIVATE KEY-----`;

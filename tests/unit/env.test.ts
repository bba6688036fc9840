import { describe, expect, it } from 'vitest';
import { startEnvironment } from '../../scripts/start-env.mjs';
import { assertReadyToServe, describeListening, EnvError, parseEnv } from '../../src/server/env.ts';

describe('environment', () => {
  it('defaults to port 3000 on this machine alone, the embedded database under ./.data and a localhost public URL', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './.data', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with every bad value named', () => {
    const attempt = () => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', GOOGLE_CLIENT_ID: 'id-only' });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('GOOGLE_CLIENT_SECRET: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together');
    }
  });

  it('refuses the test-only password cost outside a test run', () => {
    expect(parseEnv({}).PASSWORD_COST).toBe('standard');
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_COST: 'test-only' })).toThrow(/PASSWORD_COST: test-only is for test suites/);
    }
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_COST: 'test-only' }).PASSWORD_COST).toBe('test-only');
  });

  it("takes the footer's social links as https addresses only", () => {
    expect(parseEnv({ SOCIAL_X_URL: 'https://x.com/tahaleel' }).SOCIAL_X_URL).toBe('https://x.com/tahaleel');
    expect(parseEnv({ SOCIAL_YOUTUBE_URL: '' }).SOCIAL_YOUTUBE_URL).toBeUndefined();
    expect(() => parseEnv({ SOCIAL_INSTAGRAM_URL: 'http://instagram.com/tahaleel' })).toThrow(/SOCIAL_INSTAGRAM_URL: must be an https/);
    expect(() => parseEnv({ SOCIAL_LINKEDIN_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_LINKEDIN_URL/);
  });

  it('takes a map tile address with its {z}, {x} and {y} places', () => {
    expect(parseEnv({}).MAP_TILES_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(parseEnv({ MAP_TILES_URL: 'https://{s}.tiles.example.sa/{z}/{x}/{y}.png' }).MAP_TILES_URL).toContain('{s}');
    expect(() => parseEnv({ MAP_TILES_URL: 'https://tiles.example.sa/{z}/{x}.png' })).toThrow(/MAP_TILES_URL: must contain/);
    expect(() => parseEnv({ MAP_TILES_URL: 'javascript:{z}{x}{y}' })).toThrow(/MAP_TILES_URL: must be an http/);
  });

  it('sends codes by SMS to the GCC unless SMS_COUNTRIES names other countries, which must be real ones', () => {
    expect(parseEnv({}).SMS_COUNTRIES).toEqual(['SA', 'AE', 'KW', 'BH', 'QA', 'OM']);
    expect(parseEnv({ SMS_COUNTRIES: '' }).SMS_COUNTRIES).toEqual(['SA', 'AE', 'KW', 'BH', 'QA', 'OM']);
    expect(parseEnv({ SMS_COUNTRIES: ' sa, eg ,SA' }).SMS_COUNTRIES).toEqual(['SA', 'EG']);
    expect(() => parseEnv({ SMS_COUNTRIES: 'SA,XX' })).toThrow(/SMS_COUNTRIES: must be ISO 3166 alpha-2 country codes.*not one: XX/);
    expect(() => parseEnv({ SMS_COUNTRIES: 'Saudi Arabia' })).toThrow(/SMS_COUNTRIES/);
    expect(() => parseEnv({ SMS_COUNTRIES: ',' })).toThrow(/SMS_COUNTRIES/);
  });

  it('takes an hourly budget of codes per country: 500 unless set to a positive whole number', () => {
    expect(parseEnv({}).SMS_HOURLY_BUDGET_PER_COUNTRY).toBe(500);
    expect(parseEnv({ SMS_HOURLY_BUDGET_PER_COUNTRY: '40' }).SMS_HOURLY_BUDGET_PER_COUNTRY).toBe(40);
    for (const value of ['0', '-5', '2.5', 'many']) {
      expect(() => parseEnv({ SMS_HOURLY_BUDGET_PER_COUNTRY: value })).toThrow(/SMS_HOURLY_BUDGET_PER_COUNTRY/);
    }
  });

  it('requires the store API URL and store id together', () => {
    expect(() => parseEnv({ STORE_API_URL: 'http://127.0.0.1:9999' })).toThrow(/STORE_ID/);
    expect(parseEnv({ STORE_API_URL: 'http://127.0.0.1:9999', STORE_ID: 'tahaleel' }).STORE_ID).toBe('tahaleel');
  });

  it('takes mail settings: SMTP_URL and MAIL_FROM checked, the development mailbox off in production and beside SMTP', () => {
    expect(parseEnv({}).MAIL_FROM).toBe('Tahaleel <no-reply@localhost>');
    expect(parseEnv({ PUBLIC_URL: 'https://tahaleel.sa' }).MAIL_FROM).toBe('Tahaleel <no-reply@tahaleel.sa>');
    expect(parseEnv({}).DEV_MAILBOX).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).DEV_MAILBOX).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
    expect(parseEnv({ SMTP_URL: 'smtp://user:pass@mail.example.sa:587' }).DEV_MAILBOX).toBe(false);
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example.sa', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.sa' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => parseEnv({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(parseEnv({ MAIL_FROM: 'تحاليل <hello@tahaleel.sa>' }).MAIL_FROM).toBe('تحاليل <hello@tahaleel.sa>');
  });

  it('listens on the HOST given, an IP address or localhost', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ HOST: '::' }).HOST).toBe('::');
    expect(parseEnv({ HOST: ' localhost ' }).HOST).toBe('localhost');
    expect(parseEnv({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(() => parseEnv({ HOST: 'tahaleel.sa' })).toThrow(/HOST: must be an IP address/);
  });

  it('keeps the development mailbox off, and refuses to turn it on, on a server other machines can reach', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).DEV_MAILBOX).toBe(false);
    expect(parseEnv({ HOST: '::' }).DEV_MAILBOX).toBe(false);
    expect(parseEnv({ HOST: '::1' }).DEV_MAILBOX).toBe(true);
    expect(parseEnv({ HOST: 'localhost', NODE_ENV: 'production', DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
    expect(() => parseEnv({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: .* only for a server listening on this machine alone/,
    );
    expect(() => parseEnv({ HOST: '192.0.2.10', NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });

  it('says plainly at start-up whether the mailbox is there and who can reach it', () => {
    expect(describeListening(parseEnv({}), 3000)).toBe(
      'Listening on 127.0.0.1: development mailbox at http://127.0.0.1:3000/dev/mailbox, reachable from this machine only',
    );
    expect(describeListening(parseEnv({ HOST: '::1' }), 3000)).toContain('http://[::1]:3000/dev/mailbox');
    expect(describeListening(parseEnv({ HOST: '0.0.0.0' }), 3000)).toBe(
      'Listening on 0.0.0.0, reachable from the network: no development mailbox; mail is not delivered until SMTP_URL is set',
    );
    expect(describeListening(parseEnv({ HOST: '::', SMTP_URL: 'smtp://mail.example.sa' }), 3000)).toBe(
      'Listening on ::, reachable from the network: no development mailbox; mail goes to SMTP_URL',
    );
    expect(describeListening(parseEnv({ NODE_ENV: 'production' }), 3000)).toBe(
      'Listening on 127.0.0.1, reachable from this machine only: no development mailbox; mail is not delivered until SMTP_URL is set',
    );
  });

  it('is, for npm start, production React on 127.0.0.1 with the mailbox, which HOST or SMTP_URL turn off', () => {
    expect(parseEnv(startEnvironment({}))).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1', DEV_MAILBOX: true });
    expect(parseEnv(startEnvironment({ HOST: '0.0.0.0' }))).toMatchObject({ HOST: '0.0.0.0', DEV_MAILBOX: false });
    expect(parseEnv(startEnvironment({ HOST: '::1' }))).toMatchObject({ HOST: '::1', DEV_MAILBOX: true });
    expect(parseEnv(startEnvironment({ SMTP_URL: 'smtp://mail.example.sa' }))).toMatchObject({ HOST: '127.0.0.1', DEV_MAILBOX: false });
    expect(startEnvironment({ NODE_ENV: 'development', PORT: '4000' })).toMatchObject({ NODE_ENV: 'development', PORT: '4000' });
  });

  it('takes the Google token URL only over https, or plain http to this machine (the test fake)', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => parseEnv({ ...google, GOOGLE_TOKEN_URL: 'http://oauth.example.com/token' })).toThrow(/GOOGLE_TOKEN_URL/);
    expect(parseEnv({ ...google, GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token' }).GOOGLE_TOKEN_URL).toBe('http://127.0.0.1:4000/token');
    expect(parseEnv({ ...google, GOOGLE_TOKEN_URL: 'https://oauth2.example.com/token' }).GOOGLE_TOKEN_URL).toBe(
      'https://oauth2.example.com/token',
    );
  });

  it('names a text gateway address that is not a URL, or not https, as a bad value', () => {
    for (const name of ['UNIFONIC_API_URL', 'TAQNYAT_API_URL', 'WHATSAPP_API_URL']) {
      expect(() => parseEnv({ [name]: 'not a url' })).toThrow(new RegExp(`${name}: Invalid URL`));
      expect(() => parseEnv({ [name]: 'http://sms.example.sa' })).toThrow(EnvError);
      expect(() => parseEnv({ [name]: 'http://127.0.0.1:9' })).not.toThrow();
    }
  });

  it('verifies ID numbers with the development Nafath where the mailbox is on; elm needs its settings, dev this machine alone', () => {
    expect(parseEnv({}).NAFATH_PROVIDER).toBe('dev');
    expect(parseEnv({ NODE_ENV: 'production' }).NAFATH_PROVIDER).toBeUndefined();
    expect(parseEnv({}).NAFATH_REQUEST_LIFETIME_SECONDS).toBe(180);
    expect(() => parseEnv({ NAFATH_PROVIDER: 'elm' })).toThrow(
      /NAFATH_PROVIDER: elm needs NAFATH_API_URL, NAFATH_APP_ID, NAFATH_APP_KEY and NAFATH_SERVICE/,
    );
    const elm = {
      NAFATH_PROVIDER: 'elm',
      NAFATH_APP_ID: 'id',
      NAFATH_APP_KEY: 'key',
      NAFATH_SERVICE: 'DigitalServiceEnrollmentWithoutBio',
    };
    expect(parseEnv({ ...elm, NAFATH_API_URL: 'https://nafath.api.elm.sa/stg' }).NAFATH_PROVIDER).toBe('elm');
    expect(() => parseEnv({ ...elm, NAFATH_API_URL: 'http://nafath.example.sa' })).toThrow(
      /NAFATH_API_URL: NAFATH_API_URL and NAFATH_JWKS_URL must be https/,
    );
    expect(() => parseEnv({ NAFATH_PROVIDER: 'dev', HOST: '0.0.0.0' })).toThrow(/NAFATH_PROVIDER: dev verifies anyone/);
  });

  it('takes the results keys as base64 of 32 bytes, old ones only beside a current one', () => {
    const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
    const env = parseEnv({ RESULTS_ENCRYPTION_KEY: key(1), RESULTS_ENCRYPTION_KEYS_OLD: ` ${key(2)}, ${key(3).replace(/=+$/, '')} ` });
    expect(env.RESULTS_ENCRYPTION_KEY).toEqual(new Uint8Array(32).fill(1));
    expect(env.RESULTS_ENCRYPTION_KEYS_OLD).toEqual([new Uint8Array(32).fill(2), new Uint8Array(32).fill(3)]);
    expect(parseEnv({}).RESULTS_ENCRYPTION_KEYS_OLD).toEqual([]);
    for (const bad of ['not base64!', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), 'AAAA']) {
      expect(() => parseEnv({ RESULTS_ENCRYPTION_KEY: bad })).toThrow(/RESULTS_ENCRYPTION_KEY: must be 32 random bytes in base64/);
    }
    expect(() => parseEnv({ RESULTS_ENCRYPTION_KEY: key(1), RESULTS_ENCRYPTION_KEYS_OLD: `${key(2)},short` })).toThrow(
      /RESULTS_ENCRYPTION_KEYS_OLD: each comma-separated entry must be 32 random bytes/,
    );
    expect(() => parseEnv({ RESULTS_ENCRYPTION_KEYS_OLD: key(2) })).toThrow(/RESULTS_ENCRYPTION_KEYS_OLD: old keys only open files/);
  });

  it('will not serve in production without the key that seals result files, and says how to make one', () => {
    const attempt = () => assertReadyToServe(parseEnv({ NODE_ENV: 'production' }));
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/RESULTS_ENCRYPTION_KEY: required in production.*openssl rand -base64 32/);
    expect(() =>
      assertReadyToServe(parseEnv({ NODE_ENV: 'production', RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') })),
    ).not.toThrow();
    for (const NODE_ENV of ['development', 'test']) expect(() => assertReadyToServe(parseEnv({ NODE_ENV }))).not.toThrow();
  });
});

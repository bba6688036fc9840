import { randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { type Env, parseEnv } from '../../src/server/env.ts';
import { signInWithPhoneCode } from '../../src/server/modules/auth/auth.service.ts';
import { PHONE_CODE_MINUTES, sendPhoneCode, smsRules } from '../../src/server/modules/phone/phone-codes.service.ts';
import { sendDuePhoneMessages } from '../../src/server/modules/phone/phone-messages.service.ts';
import { type PhoneText, renderPhoneText } from '../../src/server/modules/phone/phone-texts.ts';
import { clientBucket } from '../../src/server/platform/client-address.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';
import { unifonicSms } from '../../src/server/platform/sms/unifonic.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src/shared/legal.ts';
import { startFakeUnifonic } from '../fakes/unifonic.ts';
import { callerFor, contextFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Signing in with a mobile number and a code by SMS (issue #55, ADR 0072).

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const createCaller = createCallerFactory(appRouter);
/** A caller from its own client address, so the per-address limit of one test does not reach another's. */
async function visitorFrom(clientIp = `10.0.${randomInt(0, 255)}.${randomInt(1, 255)}`) {
  const context = await contextFor(database.db);
  return { caller: createCaller({ ...context, clientIp }), cookies: context.cookies, clientIp };
}
/** A Saudi mobile number no other test uses, as its owner would write it: 05XXXXXXXX. */
const newNumber = () => `05${[0, 5, 6][randomInt(0, 3)]}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const e164 = (local: string) => `+966${local.slice(1)}`;

/** The code in the newest text message to `phone`, as its owner reads it on the phone. */
async function codeSentTo(phone: string): Promise<string> {
  const row = await database.db
    .selectFrom('phone_messages')
    .select('data')
    .where('recipient', '=', phone)
    .where('template', '=', 'phone-code')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return (row.data as { code: string }).code;
}
const messagesTo = (phone: string) => database.db.selectFrom('phone_messages').selectAll().where('recipient', '=', phone).execute();
const accountsWith = (phone: string) =>
  database.db.selectFrom('users').select('id').where('phone', '=', phone).where('phone_verified_at', 'is not', null).execute();
const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Logger;
const meta = (clientIp: string) => ({ clientIp, locale: 'ar' as const, publicUrl: 'http://localhost', currentSessionId: null });
/** The suite's rules for codes by SMS: the GCC, 500 codes a country an hour. */
const rules = smsRules(testEnv, log);

describe('auth.requestPhoneCode and auth.signInWithPhoneCode', () => {
  it('reads a number in any usual spelling as one E.164 number, and makes one account for it', async () => {
    const local = newNumber();
    const digits = local.slice(1);
    const arabicIndic = [...local].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join('');
    const spellings = [
      local,
      `+966${digits}`,
      `00966 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
      arabicIndic,
      `966-${digits}`,
    ];
    const { caller } = await visitorFrom();
    // Three codes, each asked for from an address of its own and answered in other spellings.
    for (const [ask, answer] of [
      [0, 1],
      [2, 3],
      [4, 0],
    ] as const) {
      const { caller: fresh } = await visitorFrom();
      expect((await fresh.auth.requestPhoneCode({ phone: spellings[ask]! })).phone).toBe(e164(local));
      const user = await fresh.auth.signInWithPhoneCode({ phone: spellings[answer]!, code: await codeSentTo(e164(local)) });
      expect(user).toMatchObject({ verified_phone: e164(local), user_type: 'customer', email: null });
    }
    expect(await accountsWith(e164(local))).toHaveLength(1);
    // Not a mobile number: a landline, too few digits, letters.
    for (const phone of ['0112345678', '05123', 'phone']) {
      await expect(caller.auth.requestPhoneCode({ phone })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('answers an unknown number, a known one and a lab’s the same, and sends a lab’s nothing', async () => {
    const known = newNumber();
    const { caller } = await visitorFrom();
    await caller.auth.requestPhoneCode({ phone: known });
    await caller.auth.signInWithPhoneCode({ phone: known, code: await codeSentTo(e164(known)) });
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const labNumber = newNumber();
    await database.db
      .updateTable('users')
      .set({ phone: e164(labNumber), phone_verified_at: new Date() })
      .where('id', '=', lab.id)
      .execute();

    const unknown = newNumber();
    const answers = [];
    for (const phone of [unknown, known, labNumber]) answers.push(await (await visitorFrom()).caller.auth.requestPhoneCode({ phone }));
    // The same but for the number itself, as the person typed it.
    const withoutNumber = answers.map(({ phone: _phone, ...rest }) => rest);
    expect(withoutNumber[1]).toEqual(withoutNumber[0]);
    expect(withoutNumber[2]).toEqual(withoutNumber[0]);
    expect(await messagesTo(e164(labNumber))).toHaveLength(0);
    expect(await messagesTo(e164(unknown))).toHaveLength(1);
    // Whatever a lab's owner types, a code never signs a staff account in.
    const { caller: guesser } = await visitorFrom();
    await expect(guesser.auth.signInWithPhoneCode({ phone: labNumber, code: '123456' })).rejects.toMatchObject({
      message: expect.stringMatching(/PHONE_CODE_WRONG|INVALID_CREDENTIALS/),
    });
  });

  // Since issue #74 five wrong codes lock out the address that typed them, no longer the code itself.
  it('counts down the tries an address has left on wrong codes and then refuses that address; refuses a code after five minutes, and once used', async () => {
    const clientIp = '10.1.0.1';
    const tries = e164(newNumber());
    await sendPhoneCode(database.db, { phone: tries, purpose: 'sign_in', userId: null, clientIp, locale: 'ar' }, rules);
    const right = await codeSentTo(tries);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      await expect(signInWithPhoneCode(database.db, tries, wrong, meta(clientIp), rules)).rejects.toMatchObject({
        code: 'PHONE_CODE_WRONG',
        details: { triesLeft: left },
      });
    }
    await expect(signInWithPhoneCode(database.db, tries, right, meta(clientIp), rules)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });

    const late = e164(newNumber());
    const sentAt = new Date(Date.now() - PHONE_CODE_MINUTES * 60_000 - 1000);
    await sendPhoneCode(database.db, { phone: late, purpose: 'sign_in', userId: null, clientIp, locale: 'ar' }, rules, sentAt);
    await expect(signInWithPhoneCode(database.db, late, await codeSentTo(late), meta(clientIp), rules)).rejects.toMatchObject({
      code: 'PHONE_CODE_EXPIRED',
    });

    const once = e164(newNumber());
    await sendPhoneCode(database.db, { phone: once, purpose: 'sign_in', userId: null, clientIp, locale: 'ar' }, rules);
    const code = await codeSentTo(once);
    await expect(signInWithPhoneCode(database.db, once, code, meta(clientIp), rules)).resolves.toMatchObject({
      user: { verified_phone: once },
    });
    await expect(signInWithPhoneCode(database.db, once, code, meta(clientIp), rules)).rejects.toMatchObject({ code: 'PHONE_CODE_EXPIRED' });
  });

  // Since issue #74 the three codes in fifteen minutes are each address's for the number, not the number's.
  it('sends one address three codes for a number in fifteen minutes, refuses its fourth with the wait, and sends again after', async () => {
    const phone = e164(newNumber());
    const start = new Date();
    const request = { phone, purpose: 'sign_in' as const, userId: null, locale: 'en' as const, clientIp: '10.2.0.1' };
    for (let send = 0; send < 3; send++) await sendPhoneCode(database.db, request, rules, new Date(start.getTime() + send * 60_000));
    await expect(sendPhoneCode(database.db, request, rules, new Date(start.getTime() + 5 * 60_000))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 10 * 60 },
    });
    expect(await messagesTo(phone)).toHaveLength(3);
    await sendPhoneCode(database.db, request, rules, new Date(start.getTime() + 15 * 60_000 + 1000));
    expect(await messagesTo(phone)).toHaveLength(4);
  });

  it('limits the codes one address sends, whatever the numbers', async () => {
    const { caller } = await visitorFrom('10.3.0.1');
    for (let send = 0; send < 10; send++) await caller.auth.requestPhoneCode({ phone: newNumber() });
    await expect(caller.auth.requestPhoneCode({ phone: newNumber() })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('makes one account when the right code arrives twice at once', async () => {
    const phone = e164(newNumber());
    await sendPhoneCode(database.db, { phone, purpose: 'sign_in', userId: null, clientIp: '10.4.0.1', locale: 'ar' }, rules);
    const code = await codeSentTo(phone);
    const results = await Promise.allSettled([
      signInWithPhoneCode(database.db, phone, code, meta('10.4.0.1'), rules),
      signInWithPhoneCode(database.db, phone, code, meta('10.4.0.2'), rules),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'PHONE_CODE_EXPIRED' } });
    expect(await accountsWith(phone)).toHaveLength(1);
  });

  it('starts a session with a cookie, for an account whose name is asked next', async () => {
    const phone = newNumber();
    const { caller, cookies } = await visitorFrom();
    await caller.auth.requestPhoneCode({ phone });
    const user = await caller.auth.signInWithPhoneCode({ phone, code: await codeSentTo(e164(phone)) });
    expect(user).toMatchObject({ name: '', consent_required: true });
    const session = cookies.find((cookie) => cookie.startsWith('tahaleel_session='));
    expect(session).toBeDefined();
    // Signed in, the new account is asked its name and the terms before anything else.
    const token = session?.split(';')[0]?.split('=')[1] ?? '';
    const signedIn = createCaller(await contextFor(database.db, { token } as TestUser));
    await expect(signedIn.booking.mine()).rejects.toMatchObject({ message: 'CONSENT_UPDATE_REQUIRED' });
    await expect(signedIn.auth.completePhoneSignUp({ name: 'سارة', acceptTerms: false, marketingMail: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const completed = await signedIn.auth.completePhoneSignUp({ name: 'سارة', acceptTerms: true, marketingMail: false });
    expect(completed).toMatchObject({ name: 'سارة', consent_required: false, marketing_mail: false, verified_phone: e164(phone) });
    // Once only: an account with a name has a profile page to change it.
    const again = createCaller(await contextFor(database.db, { token } as TestUser));
    await expect(again.auth.completePhoneSignUp({ name: 'Other', acceptTerms: true, marketingMail: true })).rejects.toMatchObject({
      message: 'CONFLICT',
    });
    await expect(again.booking.mine()).resolves.toEqual(expect.any(Array));
  });

  // Issue #77 item 3: a visitor who left at the name step (the terms opened, the tab closed) came back to a
  // dashboard saying «مرحبًا،» under "Our terms have changed", and accepting them left a nameless account.
  it('takes an account left at the name step back to it on the next visit, and never accepts the terms without the name', async () => {
    const phone = newNumber();
    const { caller, cookies } = await visitorFrom();
    await caller.auth.requestPhoneCode({ phone });
    await caller.auth.signInWithPhoneCode({ phone, code: await codeSentTo(e164(phone)) });
    const token =
      cookies
        .find((cookie) => cookie.startsWith('tahaleel_session='))
        ?.split(';')[0]
        ?.split('=')[1] ?? '';
    const nextVisit = createCaller(await contextFor(database.db, { token } as TestUser));
    expect(await nextVisit.auth.me()).toMatchObject({ name: '', consent_required: true });
    // The terms-changed dialog's answer does not make the account: the name step does.
    await expect(nextVisit.auth.acceptConsent({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION })).rejects.toMatchObject({
      message: 'CONFLICT',
    });
    expect(await nextVisit.auth.me()).toMatchObject({ name: '', consent_required: true });
    const completed = await nextVisit.auth.completePhoneSignUp({ name: 'Huda', acceptTerms: true, marketingMail: false });
    expect(completed).toMatchObject({ name: 'Huda', consent_required: false });
  });
});

describe('nobody locks a number out of SMS, and codes go only where the operator sends them (issue #74)', () => {
  /** A visitor from `clientIp`, on a server with these settings, whose log is `warn`. */
  async function visitorWith(clientIp: string, settings: Partial<Env> = {}, warn = vi.fn()) {
    const context = await contextFor(database.db);
    const config = { ...testEnv, ...settings };
    return createCaller({ ...context, clientIp, config, log: { ...log, warn } });
  }
  /** The code and details a refused call was answered with. */
  async function refusalOf(call: Promise<unknown>) {
    const error: unknown = await call.then(
      () => null,
      (caught: unknown) => caught,
    );
    const cause = error instanceof TRPCError ? (error.cause as { code?: string; details?: Record<string, unknown> }) : undefined;
    return { appCode: cause?.code, details: cause?.details };
  }
  const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
  const randomDigits = (count: number) => String(randomInt(0, 10 ** count)).padStart(count, '0');
  /** A mobile number of the UAE, and of Oman (which only the budget's test texts), that no other test uses. */
  const emiratiNumber = () => `+9715${[0, 2, 4, 5, 6, 8][randomInt(0, 6)]}${randomDigits(7)}`;
  const omaniNumber = () => `+9689${randomInt(1, 10)}${randomDigits(6)}`;

  it('locks out the stranger who types five wrong codes, and the owner’s code still signs the owner in', async () => {
    const phone = newNumber();
    const owner = await visitorWith('10.74.1.1');
    await owner.auth.requestPhoneCode({ phone });
    const code = await codeSentTo(e164(phone));
    const stranger = await visitorWith('10.74.1.2');
    for (let left = 4; left >= 0; left--) {
      expect(await refusalOf(stranger.auth.signInWithPhoneCode({ phone, code: wrongFor(code) }))).toEqual({
        appCode: 'PHONE_CODE_WRONG',
        details: { triesLeft: left },
      });
    }
    expect(await refusalOf(stranger.auth.signInWithPhoneCode({ phone, code: wrongFor(code) }))).toEqual({
      appCode: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await expect(owner.auth.signInWithPhoneCode({ phone, code })).resolves.toMatchObject({ verified_phone: e164(phone) });
  });

  it('still sends the owner a code after a stranger asked for the number until refused, and the code sent before the stranger’s works too', async () => {
    const phone = newNumber();
    const owner = await visitorWith('10.74.2.1');
    await owner.auth.requestPhoneCode({ phone });
    const before = await codeSentTo(e164(phone));
    const stranger = await visitorWith('10.74.2.2');
    for (let ask = 0; ask < 3; ask++) await stranger.auth.requestPhoneCode({ phone });
    expect((await refusalOf(stranger.auth.requestPhoneCode({ phone }))).appCode).toBe('RATE_LIMITED');

    await expect(owner.auth.requestPhoneCode({ phone })).resolves.toMatchObject({ phone: e164(phone) });
    const after = await codeSentTo(e164(phone));
    expect(await messagesTo(e164(phone))).toHaveLength(5);
    // A new code does not void the ones sent before it; the first one used ends them all.
    await expect(owner.auth.signInWithPhoneCode({ phone, code: before })).resolves.toMatchObject({ verified_phone: e164(phone) });
    expect((await refusalOf(owner.auth.signInWithPhoneCode({ phone, code: after }))).appCode).toBe('PHONE_CODE_EXPIRED');
  });

  it('past the number’s cap answers every request the same but texts only each new address’s first, whose code signs in', async () => {
    const phone = newNumber();
    const answers: unknown[] = [];
    for (const clientIp of ['10.74.3.1', '10.74.3.2', '10.74.3.3']) {
      const visitor = await visitorWith(clientIp);
      for (let ask = 0; ask < 3; ask++) answers.push(await visitor.auth.requestPhoneCode({ phone }));
    }
    expect(answers).toEqual(answers.map(() => answers[0]));
    // Six for the number in fifteen minutes, then only the third address's first: 7 of 9.
    expect(await messagesTo(e164(phone))).toHaveLength(7);

    const newcomer = await visitorWith('10.74.3.4');
    expect(await newcomer.auth.requestPhoneCode({ phone })).toEqual(answers[0]);
    expect(await messagesTo(e164(phone))).toHaveLength(8);
    await expect(newcomer.auth.signInWithPhoneCode({ phone, code: await codeSentTo(e164(phone)) })).resolves.toMatchObject({
      verified_phone: e164(phone),
    });
  });

  it('refuses satellite numbers and numbers outside the GCC, texting nothing, and texts Saudi and Emirati numbers', async () => {
    const visitor = await visitorWith('10.74.4.1');
    // Iridium, Inmarsat, Somalia, Chad, Turkmenistan, Tajikistan: mobile numbers all, and premium routes.
    const elsewhere = ['+881612345678', '+870773111632', '+25271123456', '+23563012345', '+99366123456', '+992917123456'];
    for (const phone of elsewhere) {
      expect(await refusalOf(visitor.auth.requestPhoneCode({ phone })), phone).toEqual({
        appCode: 'PHONE_COUNTRY_NOT_SERVED',
        details: { field: 'phone' },
      });
      expect((await refusalOf(visitor.auth.signInWithPhoneCode({ phone, code: '123456' }))).appCode).toBe('PHONE_COUNTRY_NOT_SERVED');
      expect(await messagesTo(phone)).toEqual([]);
    }
    const customer = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    expect((await refusalOf(customer.account.requestPhoneCode({ phone: '+881612345678' }))).appCode).toBe('PHONE_COUNTRY_NOT_SERVED');
    expect((await refusalOf(customer.account.confirmPhone({ phone: '+881612345678', code: '123456' }))).appCode).toBe(
      'PHONE_COUNTRY_NOT_SERVED',
    );

    for (const phone of [e164(newNumber()), emiratiNumber()]) {
      await visitor.auth.requestPhoneCode({ phone });
      expect(await messagesTo(phone)).toHaveLength(1);
    }
  });

  it('refuses an Emirati number where the operator sends codes to Saudi Arabia alone', async () => {
    const saudiOnly = { SMS_COUNTRIES: parseEnv({ SMS_COUNTRIES: 'SA' }).SMS_COUNTRIES };
    const visitor = await visitorWith('10.74.5.1', saudiOnly);
    const emirati = emiratiNumber();
    expect((await refusalOf(visitor.auth.requestPhoneCode({ phone: emirati }))).appCode).toBe('PHONE_COUNTRY_NOT_SERVED');
    expect(await messagesTo(emirati)).toEqual([]);
    const saudi = newNumber();
    await visitor.auth.requestPhoneCode({ phone: saudi });
    expect(await messagesTo(e164(saudi))).toHaveLength(1);
  });

  it('refuses codes to a country past its hourly budget, warns the log once, and names the country in the admin’s overview', async () => {
    const budget = { SMS_HOURLY_BUDGET_PER_COUNTRY: 2 };
    const warn = vi.fn();
    const sent = [omaniNumber(), omaniNumber()];
    for (const [index, phone] of sent.entries())
      await (await visitorWith(`10.74.6.${index + 1}`, budget, warn)).auth.requestPhoneCode({ phone });
    const refused = [omaniNumber(), omaniNumber()];
    for (const [index, phone] of refused.entries()) {
      const visitor = await visitorWith(`10.74.6.${index + 10}`, budget, warn);
      expect((await refusalOf(visitor.auth.requestPhoneCode({ phone }))).appCode).toBe('RATE_LIMITED');
      expect(await messagesTo(phone)).toEqual([]);
    }
    for (const phone of sent) expect(await messagesTo(phone)).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ country: 'OM', budget: 2 }), expect.stringContaining('SMS budget'));
    // Another country's budget is its own (no other test texts Kuwait).
    const kuwaiti = `+96555${randomDigits(6)}`;
    await (await visitorWith('10.74.6.20', budget, warn)).auth.requestPhoneCode({ phone: kuwaiti });
    expect(await messagesTo(kuwaiti)).toHaveLength(1);

    const admin = await callerFor(database.db, await createTestUser(database.db, 'admin'));
    const { sms_budget_reached } = await admin.admin.overview();
    expect(sms_budget_reached).toEqual([{ country: 'OM', reached_at: expect.any(String) }]);
  });

  it('counts two IPv6 addresses of one /64 as one client: a guesser hopping addresses in it is still locked out', async () => {
    const app = createApp({
      db: database.db,
      env: { ...testEnv, TRUST_PROXY: 1 },
      // As node.ts computes it behind one proxy.
      clientIp: (c) => clientBucket(c.req.header('x-forwarded-for'), 1, '10.0.0.1'),
    });
    const call = async (path: string, input: unknown, forwardedFor: string) => {
      const response = await app.request(`/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testEnv.PUBLIC_URL, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(input),
      });
      const body = (await response.json()) as { error?: { data: { appCode: string; details: Record<string, unknown> } } };
      return { status: response.status, appCode: body.error?.data.appCode, details: body.error?.data.details };
    };
    const phone = newNumber();
    expect((await call('auth.requestPhoneCode', { phone }, '203.0.113.74')).status).toBe(200);
    const wrong = wrongFor(await codeSentTo(e164(phone)));
    for (const [index, address] of [
      '2001:db8:74:1::a',
      '2001:db8:74:1::b',
      '2001:DB8:74:1:0:0:0:c',
      '2001:db8:74:1:ffff::d',
      '2001:db8:74:1::e',
    ].entries()) {
      expect(await call('auth.signInWithPhoneCode', { phone, code: wrong }, address)).toMatchObject({
        appCode: 'PHONE_CODE_WRONG',
        details: { triesLeft: 4 - index },
      });
    }
    expect(await call('auth.signInWithPhoneCode', { phone, code: wrong }, '2001:db8:74:1:1234:5678:9abc:def0')).toMatchObject({
      status: 429,
      appCode: 'RATE_LIMITED',
    });
    // The next /64 is another client.
    expect(await call('auth.signInWithPhoneCode', { phone, code: wrong }, '2001:db8:74:2::a')).toMatchObject({
      appCode: 'PHONE_CODE_WRONG',
      details: { triesLeft: 4 },
    });
  });
});

describe('a guest where this site sends SMS (ADR 0074)', () => {
  /** A visitor on a server with an SMS gateway: a guest's number is confirmed by a code. */
  async function guestVisitor() {
    const context = await contextFor(database.db);
    const clientIp = `10.2.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    return { caller: createCaller({ ...context, clientIp, config: { ...testEnv, SMS_PROVIDER: 'dev' } }), cookies: context.cookies };
  }
  const guestsWith = (phone: string) =>
    database.db.selectFrom('users').select(['id', 'phone_verified_at']).where('phone', '=', phone).execute();

  it('refuses a guest without the code or with a wrong one, and makes a guest whose number is confirmed with the right one', async () => {
    const local = newNumber();
    const { caller, cookies } = await guestVisitor();
    const details = { name: 'خالد', phone: local, email: 'khalid@example.sa' };
    await expect(caller.auth.signInAnonymously(details)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.auth.requestPhoneCode({ phone: local });
    const right = await codeSentTo(e164(local));
    await expect(caller.auth.signInAnonymously({ ...details, code: right === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      message: 'PHONE_CODE_WRONG',
    });
    expect(await guestsWith(e164(local))).toEqual([]);

    const guest = await caller.auth.signInAnonymously({ ...details, code: right });
    expect(guest).toMatchObject({ is_anonymous: true, name: 'خالد', verified_phone: e164(local), contact_email: 'khalid@example.sa' });
    expect(cookies.some((cookie) => cookie.includes('session'))).toBe(true);
    // The code is spent: the same code makes no second guest.
    await expect((await guestVisitor()).caller.auth.signInAnonymously({ ...details, code: right })).rejects.toMatchObject({
      message: 'PHONE_CODE_EXPIRED',
    });
    expect(await guestsWith(e164(local))).toHaveLength(1);
  });

  it('signs a returning guest in to its own bookings, and a customer’s number in to the customer’s account', async () => {
    const local = newNumber();
    const first = await guestVisitor();
    await first.caller.auth.requestPhoneCode({ phone: local });
    const guest = await first.caller.auth.signInAnonymously({ name: 'خالد', phone: local, code: await codeSentTo(e164(local)) });
    const again = await guestVisitor();
    await again.caller.auth.requestPhoneCode({ phone: local });
    const returning = await again.caller.auth.signInAnonymously({ name: 'Khalid', phone: local, code: await codeSentTo(e164(local)) });
    expect(returning).toMatchObject({ id: 'id' in guest ? guest.id : null, is_anonymous: true, name: 'خالد' });

    const customerNumber = newNumber();
    const customer = await createTestUser(database.db, 'customer');
    await database.db
      .updateTable('users')
      .set({ phone: e164(customerNumber), phone_verified_at: new Date() })
      .where('id', '=', customer.id)
      .execute();
    const { caller } = await guestVisitor();
    await caller.auth.requestPhoneCode({ phone: customerNumber });
    const signedIn = await caller.auth.signInAnonymously({
      name: 'ضيف',
      phone: customerNumber,
      code: await codeSentTo(e164(customerNumber)),
    });
    expect(signedIn).toMatchObject({ id: customer.id, is_anonymous: false });
    expect(await guestsWith(e164(customerNumber))).toHaveLength(1);

    // A sign-up by number left before its name and terms: the guest form gives both.
    const leftNumber = newNumber();
    const left = await guestVisitor();
    await left.caller.auth.requestPhoneCode({ phone: leftNumber });
    const unnamed = await left.caller.auth.signInWithPhoneCode({ phone: leftNumber, code: await codeSentTo(e164(leftNumber)) });
    expect(unnamed).toMatchObject({ name: '', consent_required: true });
    const back = await guestVisitor();
    await back.caller.auth.requestPhoneCode({ phone: leftNumber });
    const named = await back.caller.auth.signInAnonymously({ name: 'سارة', phone: leftNumber, code: await codeSentTo(e164(leftNumber)) });
    expect(named).toMatchObject({ id: 'id' in unnamed ? unnamed.id : null, name: 'سارة', consent_required: false });
  });
});

describe('account.requestPhoneCode and account.confirmPhone', () => {
  it('confirms a new number for the account, and refuses one another account has confirmed', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const phone = newNumber();
    await caller.account.requestPhoneCode({ phone });
    await expect(caller.account.confirmPhone({ phone, code: await codeSentTo(e164(phone)) })).resolves.toEqual({ phone: e164(phone) });
    expect((await (await callerFor(database.db, customer)).auth.me())?.verified_phone).toBe(e164(phone));

    const other = await createTestUser(database.db, 'customer');
    const otherCaller = await callerFor(database.db, other);
    await otherCaller.account.requestPhoneCode({ phone });
    await expect(otherCaller.account.confirmPhone({ phone, code: await codeSentTo(e164(phone)) })).rejects.toMatchObject({
      message: 'PHONE_TAKEN',
    });
  });
});

describe('what a code is for (issue #77 item 13)', () => {
  /** The SMS the newest code to `phone` went out as, read in `locale`. */
  async function codeTextTo(phone: string, locale: 'ar' | 'en' = 'ar') {
    const row = await database.db
      .selectFrom('phone_messages')
      .select('data')
      .where('recipient', '=', phone)
      .where('template', '=', 'phone-code')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return renderPhoneText({ template: 'phone-code', data: row.data } as PhoneText, locale, 'https://tahaleel.sa');
  }

  it('says in the SMS whether the code signs in, confirms a guest’s number, a home visit’s or the account’s', async () => {
    const signIn = newNumber();
    await (await visitorFrom()).caller.auth.requestPhoneCode({ phone: signIn });
    expect(await codeTextTo(e164(signIn))).toMatch(/^رمز الدخول إلى تحاليل: \d{6}\n/);

    const guest = newNumber();
    await (await visitorFrom()).caller.auth.requestPhoneCode({ phone: guest, codeFor: 'guest_booking' });
    expect(await codeTextTo(e164(guest))).toMatch(/^رمز تأكيد رقمك لحجزك كزائر في تحاليل: \d{6}\n/);

    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const home = newNumber();
    await caller.account.requestPhoneCode({ phone: home, codeFor: 'home_visit' });
    expect(await codeTextTo(e164(home), 'en')).toMatch(/^Your Tahaleel code to confirm your number for a home visit: \d{6}\./);
    const settings = newNumber();
    await caller.account.requestPhoneCode({ phone: settings });
    expect(await codeTextTo(e164(settings), 'en')).toMatch(/^Your Tahaleel code to confirm your account’s mobile number: \d{6}\./);
    // Whatever it is for, a code stays within two SMS parts, with the line browsers fill it from.
    for (const phone of [signIn, guest, home, settings]) {
      for (const locale of ['ar', 'en'] as const) {
        const text = await codeTextTo(e164(phone), locale);
        expect(smsSegments(text).segments).toBeLessThanOrEqual(2);
        expect(text).toMatch(/\n\n@tahaleel\.sa #\d{6}$/);
      }
    }
  });
});

describe('the outbox of text messages', () => {
  it('sends a code once through a gateway that fails twice first, tried again with backoff, and forgets the code once sent', async () => {
    const unifonic = await startFakeUnifonic({ appSid: 'test-app-sid' });
    try {
      const sms = unifonicSms({ apiUrl: unifonic.url, appSid: 'test-app-sid', senderId: 'Tahaleel' });
      // The codes the tests above asked for are not this gateway's to send.
      await database.db.updateTable('phone_messages').set({ status: 'skipped' }).where('status', '=', 'pending').execute();
      const phone = e164(newNumber());
      const start = new Date();
      await sendPhoneCode(database.db, { phone, purpose: 'sign_in', userId: null, clientIp: '10.5.0.1', locale: 'ar' }, rules, start);
      const code = await codeSentTo(phone);
      unifonic.failNext(2);
      const deps = { db: database.db, sms, publicUrl: 'https://tahaleel.sa', log };
      // Each round sends what is due: the failed message waits 30 s, then 60 s, before its next try.
      await sendDuePhoneMessages(deps, start);
      await sendDuePhoneMessages(deps, new Date(start.getTime() + 10_000));
      await sendDuePhoneMessages(deps, new Date(start.getTime() + 31_000));
      await sendDuePhoneMessages(deps, new Date(start.getTime() + 92_000));
      await sendDuePhoneMessages(deps, new Date(start.getTime() + 200_000));
      expect(unifonic.messages.filter((message) => message.recipient === phone.slice(1))).toEqual([
        expect.objectContaining({ sender: 'Tahaleel', body: expect.stringContaining(code) }),
      ]);
      const [row] = await messagesTo(phone);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, provider: 'unifonic', data: {} });
      expect(row?.provider_message_id).toBe(unifonic.messages.at(-1)?.messageId);
      // The Arabic text says the code and the site's line for the browser to fill it in.
      expect(unifonic.messages.at(-1)?.body).toBe(
        `رمز الدخول إلى تحاليل: ${code}\nصالح لمدة 5 دقائق. لا تشاركه مع أحد.\n\n@tahaleel.sa #${code}`,
      );
      expect(smsSegments(unifonic.messages.at(-1)?.body ?? '').segments).toBeLessThanOrEqual(2);
    } finally {
      await unifonic.close();
    }
  });

  it('does not send a code that expired while it waited', async () => {
    const phone = e164(newNumber());
    const sentAt = new Date();
    await sendPhoneCode(database.db, { phone, purpose: 'sign_in', userId: null, clientIp: '10.5.0.2', locale: 'en' }, rules, sentAt);
    const sms = { name: 'dev' as const, send: vi.fn(async () => ({ providerMessageId: 'dev-1' })) };
    await sendDuePhoneMessages({ db: database.db, sms, publicUrl: 'https://tahaleel.sa', log }, new Date(sentAt.getTime() + 6 * 60_000));
    expect(sms.send).not.toHaveBeenCalledWith(expect.objectContaining({ to: phone }));
    expect(await messagesTo(phone)).toEqual([expect.objectContaining({ status: 'skipped' })]);
  });
});

describe('delivery receipts', () => {
  it('marks a message delivered, or failed, when Unifonic’s receipt says so, and takes no receipt without the URL’s secret', async () => {
    const unifonic = await startFakeUnifonic({ appSid: 'test-app-sid' });
    try {
      await database.db.updateTable('phone_messages').set({ status: 'skipped' }).where('status', '=', 'pending').execute();
      const sms = unifonicSms({ apiUrl: unifonic.url, appSid: 'test-app-sid', senderId: 'Tahaleel' });
      const [delivered, lost] = [e164(newNumber()), e164(newNumber())];
      for (const phone of [delivered, lost]) {
        await sendPhoneCode(database.db, { phone, purpose: 'sign_in', userId: null, clientIp: '10.6.0.1', locale: 'en' }, rules);
      }
      await sendDuePhoneMessages({ db: database.db, sms, publicUrl: 'https://tahaleel.sa', log });
      const idOf = (phone: string) => unifonic.messages.find((message) => `+${message.recipient}` === phone)?.messageId ?? '';
      const secret = 'receipts-secret-of-this-test';
      const app = createApp({ db: database.db, env: { ...testEnv, SMS_WEBHOOK_SECRET: secret } });
      // As Unifonic posts it: a form of MessageID, DLR, Recipient and the times.
      const receipt = (messageId: string, dlr: string, query = `?secret=${secret}`) =>
        app.request(`/sms/receipts/unifonic${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ MessageID: messageId, DLR: dlr, Recipient: '966500000000', TimeCreated: '2026-11-28 10:00:00' }),
        });
      expect((await receipt(idOf(delivered), 'Delivered', '?secret=guessed-wrong-secret')).status).toBe(401);
      expect((await messagesTo(delivered))[0]).toMatchObject({ status: 'sent' });
      expect((await receipt(idOf(delivered), 'Delivered')).status).toBe(200);
      expect((await receipt(idOf(lost), 'Undeliverable')).status).toBe(200);
      // A receipt for a message of no one's is answered, so Unifonic stops sending it, and changes nothing.
      expect((await receipt('99999999999999', 'Delivered')).status).toBe(200);
      expect((await messagesTo(delivered))[0]).toMatchObject({ status: 'delivered', delivered_at: expect.any(Date) });
      expect((await messagesTo(lost))[0]).toMatchObject({ status: 'failed', last_error: 'the operator reported it Undeliverable' });
      // A late "Delivered" does not undo an earlier final word either way.
      await receipt(idOf(lost), 'Delivered');
      expect((await messagesTo(lost))[0]).toMatchObject({ status: 'failed' });
    } finally {
      await unifonic.close();
    }
  });
});

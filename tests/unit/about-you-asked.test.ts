// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { aboutYouPostponed, asksAboutYou } from '../../src/client/features/booking/about-you.ts';
import type { SessionUser } from '../../src/client/lib/use-session.ts';

const customer = { user_type: 'customer', is_anonymous: false, sex: null, date_of_birth: null } as SessionUser;

afterEach(() => aboutYouPostponed.set(false));

describe('booking a test for oneself asks for sex and date of birth', () => {
  it('when the test is judged by them and the account lacks either', () => {
    expect(asksAboutYou(customer, true, false)).toBe(true);
    expect(asksAboutYou({ ...customer, sex: 'female' }, true, false)).toBe(true);
    expect(asksAboutYou({ ...customer, date_of_birth: '1990-05-15' }, true, false)).toBe(true);
  });

  it('not for a test judged by neither, a family member, a complete account, a guest or a lab', () => {
    expect(asksAboutYou(customer, false, false)).toBe(false);
    expect(asksAboutYou(customer, true, true)).toBe(false);
    expect(asksAboutYou({ ...customer, sex: 'male', date_of_birth: '1990-05-15' }, true, false)).toBe(false);
    expect(asksAboutYou({ ...customer, is_anonymous: true }, true, false)).toBe(false);
    expect(asksAboutYou({ ...customer, user_type: 'lab' }, true, false)).toBe(false);
    expect(asksAboutYou(null, true, false)).toBe(false);
  });

  it('not again in a browser that answered "Not now", which it keeps', () => {
    aboutYouPostponed.set(true);
    expect(asksAboutYou(customer, true, false)).toBe(false);
    expect(localStorage.getItem('tahaleel.aboutYouNotNow')).toBe('true');
  });
});

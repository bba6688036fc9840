import { describe, expect, it } from 'vitest';
import { familyMemberInput, isValidSaudiId } from '../../src/shared/family.ts';
import { ageOn } from '../../src/shared/time.ts';

describe('Saudi national ID and Iqama numbers', () => {
  it('takes ten digits starting with 1 (citizen) or 2 (resident) whose last is the Luhn check digit', () => {
    expect(isValidSaudiId('1087654321')).toBe(true);
    expect(isValidSaudiId('2123456788')).toBe(true);
    expect(isValidSaudiId('1000000008')).toBe(true);
  });

  it('refuses a wrong check digit, another first digit, or another length', () => {
    expect(isValidSaudiId('1087654322')).toBe(false);
    expect(isValidSaudiId('2123456789')).toBe(false);
    expect(isValidSaudiId('3123456788')).toBe(false);
    expect(isValidSaudiId('108765432')).toBe(false);
    expect(isValidSaudiId('10876543210')).toBe(false);
    expect(isValidSaudiId('10876x4321')).toBe(false);
  });

  it('is optional in the form, and a wrong one is a field error with its own message key', () => {
    const member = { name: 'Noura', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' } as const;
    expect(familyMemberInput.safeParse(member).success).toBe(true);
    expect(familyMemberInput.safeParse({ ...member, nationalId: '' }).success).toBe(true);
    const wrong = familyMemberInput.safeParse({ ...member, nationalId: '1087654322' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('invalid_national_id');
  });

  it('refuses a date of birth that is not a real day or lies ahead', () => {
    const member = { name: 'Noura', relation: 'mother', sex: 'female' } as const;
    expect(familyMemberInput.safeParse({ ...member, dateOfBirth: '1961-02-30' }).success).toBe(false);
    expect(familyMemberInput.safeParse({ ...member, dateOfBirth: '2999-01-01' }).success).toBe(false);
  });

  it('says an empty date of birth is required, not invalid (the one message the form shows under it)', () => {
    const member = { name: 'Noura', relation: 'mother', sex: 'female' } as const;
    const messages = (dateOfBirth: string) =>
      familyMemberInput
        .safeParse({ ...member, dateOfBirth })
        .error?.issues.filter((issue) => issue.path[0] === 'dateOfBirth')
        .map((issue) => issue.message);
    expect(messages('')).toEqual(['required']);
    expect(messages('14/03/1961')?.[0]).toBe('invalid');
  });
});

describe('age', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn('2018-06-15', '2026-06-14')).toBe(7);
    expect(ageOn('2018-06-15', '2026-06-15')).toBe(8);
  });
});

import { describe, expect, it } from 'vitest';
import { packageFit } from '../../src/shared/package-suits.ts';

const womens = { sex: 'female', min_age: 18, max_age: 45 } as const;

describe('packageFit', () => {
  it('refuses the other sex, whatever the age', () => {
    expect(packageFit(womens, { sex: 'male', dateOfBirth: '1990-01-01' }, '2030-01-01')).toBe('wrong_sex');
    expect(packageFit(womens, { sex: 'male', dateOfBirth: null }, '2030-01-01')).toBe('wrong_sex');
  });

  it('says an age outside the band, both ends included in it', () => {
    expect(packageFit(womens, { sex: 'female', dateOfBirth: '1984-01-02' }, '2030-01-01')).toBe('fits'); // 45
    expect(packageFit(womens, { sex: 'female', dateOfBirth: '1984-01-01' }, '2030-01-01')).toBe('age_outside'); // 46
    expect(packageFit(womens, { sex: 'female', dateOfBirth: '2012-01-01' }, '2030-01-01')).toBe('fits'); // 18
    expect(packageFit(womens, { sex: 'female', dateOfBirth: '2012-01-02' }, '2030-01-01')).toBe('age_outside'); // 17
    expect(packageFit({ sex: null, min_age: 40, max_age: null }, { sex: 'male', dateOfBirth: '2000-01-01' }, '2030-01-01')).toBe(
      'age_outside',
    );
  });

  it('holds nothing unknown against the patient, and a package for anyone fits everyone', () => {
    expect(packageFit(womens, { sex: null, dateOfBirth: null }, '2030-01-01')).toBe('fits');
    expect(packageFit(womens, { sex: null, dateOfBirth: '1950-01-01' }, '2030-01-01')).toBe('age_outside');
    expect(packageFit({ sex: null, min_age: null, max_age: null }, { sex: 'male', dateOfBirth: '1950-01-01' }, '2030-01-01')).toBe('fits');
  });
});

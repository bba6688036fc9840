import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

/** Six decimals of a degree is about eleven centimetres on the ground: finer than any map or phone. */
const COORDINATE_DECIMALS = 1e6;

/**
 * A latitude (limit 90) or longitude (limit 180) in degrees, kept to six decimals. Finer digits
 * mean nothing on the ground, and a value such as 1e-200 underflows the database's distance
 * arithmetic ("value out of range: underflow") instead of meaning the equator.
 */
export function coordinate(limit: 90 | 180) {
  return z
    .number({ error: m.required })
    .min(-limit, m.invalid)
    .max(limit, m.invalid)
    .overwrite((degrees) => Math.round(degrees * COORDINATE_DECIMALS) / COORDINATE_DECIMALS || 0);
}

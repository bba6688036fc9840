import { z } from 'zod';
import { coordinate } from './coordinates.ts';

// The analysis of results (issue #54): what the dashboard sends.

export const analysisReportInput = z.object({ bookingId: z.uuid() });

/** A follow-up test's nearest offers: near the reader when they shared where they are. */
export const followUpOffersInput = z.object({
  testId: z.int().positive().max(2_147_483_647),
  lat: coordinate(90).optional(),
  lon: coordinate(180).optional(),
});

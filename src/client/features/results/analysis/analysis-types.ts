import type { RouterOutputs } from '../../../lib/trpc.ts';

/** The analysis of one person's visit, as the server sends it for the reader's plan. */
export type VisitAnalysis = RouterOutputs['analysis']['report'];
export type Finding = VisitAnalysis['findings'][number];
export type FindingValue = Extract<Finding, { kind: 'pattern' }>['values'][number];
export type Trend = VisitAnalysis['trends'][number];
export type NextStep = VisitAnalysis['nextSteps'][number];
export type Retest = VisitAnalysis['retests'][number];
export type Citation = Finding['sources'][number];

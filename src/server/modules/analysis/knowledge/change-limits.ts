import type { ChangeLimit } from './format.ts';
import type { SourceId } from './sources.ts';

/**
 * Within-subject biological variation (CVi, %) of the analytes whose trends the analysis calls out.
 *
 * TRANSCRIBED, NOT YET CHECKED: each figure was transcribed from the published study named as its
 * source (the estimates the EFLM Biological Variation Database holds for healthy adults, or the Ricos
 * database where no EFLM-appraised study exists) and must be checked against the EFLM Biological
 * Variation Database (https://biologicalvariation.eu) and the paper by a clinical pathologist before
 * patients see a trend (ADR 0063). Each figure cites the published study rather than the database
 * page; the database's terms of use on copying its content are to be checked before it is cited.
 *
 * cva is the desirable analytical imprecision, half of cvi (Fraser), for every row: the studies' own
 * analytical CVs come from research laboratories and are better than a typical laboratory's.
 */
const desirable = (loinc: string, cvi: number, source: SourceId): ChangeLimit => ({ loinc, cvi, cva: cvi / 2, source });

export const changeLimits: ChangeLimit[] = [
  // ───────────── Complete blood count (Coskun 2018, EuBIVAS protocol, one analyser) ─────────────
  desirable('718-7', 2.7, 'coskun2018Haematology'), // haemoglobin
  desirable('789-8', 2.8, 'coskun2018Haematology'), // red blood cells
  desirable('4544-3', 2.8, 'coskun2018Haematology'), // haematocrit
  desirable('787-2', 0.7, 'coskun2018Haematology'), // MCV
  desirable('785-6', 0.8, 'coskun2018Haematology'), // MCH
  desirable('786-4', 1.0, 'coskun2018Haematology'), // MCHC
  desirable('777-3', 7.2, 'coskun2018Haematology'), // platelets
  // White cells: the study gives women 12.8 % and men 8.0 %; a change limit has no sex, so the wider
  // (women's) figure is used and a man's change must be larger before it is called.
  desirable('6690-2', 12.8, 'coskun2018Haematology'),

  // ───────────── Glucose ─────────────
  desirable('1558-6', 4.7, 'eubivas2022'), // fasting glucose
  // HbA1c: the EFLM meta-analysed estimate (about 1.2 %); no EuBIVAS study.
  desirable('4548-4', 1.2, 'eflmBiologicalVariation'),

  // ───────────── Lipids (EuBIVAS, Aarsand 2018) ─────────────
  desirable('2093-3', 5.2, 'eubivas2022'), // total cholesterol
  desirable('2571-8', 19.8, 'eubivas2022'), // triglycerides
  desirable('2085-9', 5.7, 'eubivas2022'), // HDL
  // LDL: the study measured LDL; a calculated LDL also carries the triglycerides' variation, so its
  // true CVi is likely larger.
  desirable('13457-7', 8.5, 'eubivas2022'),
  // Non-HDL: no published estimate found. Approximated from EuBIVAS total cholesterol (5.2 %) and HDL
  // (5.7 %) taken as independent at typical values (total cholesterol four times HDL): about 7.2 %.
  desirable('43396-1', 7.2, 'eubivas2022'),

  // ───────────── Thyroid (EuBIVAS, Bottani 2022) ─────────────
  // TSH: the paper's abstract gives 17.7 %; the EuBIVAS summary table is reported to give 18.9 %.
  desirable('3016-3', 17.7, 'eubivas2022'),
  desirable('3024-7', 4.8, 'eubivas2022'), // free T4

  // ───────────── Vitamins and iron ─────────────
  // Vitamin D: EuBIVAS found 5.8–7.1 % but no steady state (it rises in spring); the upper figure is
  // used, and a change across seasons is partly the season.
  desirable('62292-8', 7.1, 'cavalier2021VitaminD'),
  desirable('2132-9', 15.0, 'ricos2014'), // vitamin B12
  desirable('2284-8', 24.0, 'ricos2014'), // folate (serum)
  desirable('2276-4', 14.2, 'ricos2014'), // ferritin
  desirable('2498-4', 26.5, 'ricos2014'), // iron

  // ───────────── Kidney ─────────────
  desirable('2160-0', 4.4, 'eubivas2022'), // creatinine (enzymatic; Jaffe 4.7 %)
  // eGFR: no direct estimate; CKD-EPI 2021 moves eGFR by about 1.2 times creatinine's relative change
  // (its exponent above the knot), so 1.2 × 4.4 %.
  desirable('98979-8', 5.3, 'eubivas2022'),
  desirable('3094-0', 14.1, 'eubivas2022'), // urea (BUN)
  desirable('3084-1', 8.3, 'eubivas2022'), // uric acid

  // ───────────── Liver and proteins (EuBIVAS) ─────────────
  desirable('1742-6', 9.3, 'eubivas2022'), // ALT
  desirable('1920-8', 9.5, 'eubivas2022'), // AST
  desirable('2324-2', 8.9, 'eubivas2022'), // GGT
  desirable('6768-6', 5.3, 'eubivas2022'), // ALP
  desirable('1975-2', 20.9, 'eubivas2022'), // total bilirubin
  desirable('1751-7', 2.5, 'eubivas2022'), // albumin
  desirable('2885-2', 2.6, 'eubivas2022'), // total protein

  // ───────────── Electrolytes and minerals (EuBIVAS, Aarsand 2018) ─────────────
  desirable('2951-2', 0.5, 'eubivas2022'), // sodium
  desirable('2823-3', 3.9, 'eubivas2022'), // potassium
  desirable('2075-0', 1.0, 'eubivas2022'), // chloride
  desirable('17861-6', 1.8, 'eubivas2022'), // calcium

  // ───────────── Inflammation ─────────────
  // CRP: EuBIVAS excluded samples taken during an inflammatory episode; in life one episode outweighs
  // any trend. The same measurand at low concentrations for hs-CRP.
  desirable('1988-5', 29.4, 'eubivas2022'),
  desirable('30522-7', 29.4, 'eubivas2022'),

  // ───────────── Hormones and others (Ricos database) ─────────────
  desirable('2986-8', 9.3, 'ricos2014'), // testosterone (men)
  desirable('2857-1', 18.1, 'ricos2014'), // PSA
];

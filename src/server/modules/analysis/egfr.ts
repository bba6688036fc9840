/**
 * Estimated glomerular filtration rate by the race-free CKD-EPI 2021 creatinine equation (Inker et al.,
 * N Engl J Med 2021;385:1737–1749), in mL/min/1.73 m², for adults (18 and over):
 *
 *   eGFR = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 [if female]
 *
 * with Scr the IDMS-traceable serum creatinine in mg/dL, κ 0.7 (female) or 0.9 (male), α −0.241
 * (female) or −0.302 (male). Rounded to a whole number, as the equation's authors report it.
 */
export function ckdEpi2021(creatinineMgDl: number, age: number, sex: 'male' | 'female'): number | null {
  if (!(creatinineMgDl > 0) || age < 18) return null;
  const female = sex === 'female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = creatinineMgDl / kappa;
  const egfr = 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
  return Math.round(egfr);
}

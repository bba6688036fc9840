import type { SeedAnalyte, SeedAnswer, SeedRange, SeedTestAnalytes } from './types.ts';

// What the catalog's tests measure (issue #53, ADR 0056): analytes keyed by LOINC, UCUM units, adult
// reference intervals and critical limits, each naming the published source it was taken from.
// Clinical knowledge is data: code loads this file and never carries a number of its own.
//
// Versioned by git: change a code, a unit, an interval or a limit in its own commit naming the source
// it now follows. Children's intervals are not here yet: every interval below is for adults
// (18 years and over) unless it gives its own age band (testosterone, AMH).
// Review: transcribed from the sources named; to be checked against each source by a clinical
// pathologist before results are flagged for patients (tests/unit/analytes-data.test.ts checks the form).

const ADULT: SeedRange['age'] = [18, null, 'a'];

// Sources, named once so every row that cites one cites it the same way.
const MAYO_CBC = 'Mayo Clinic Laboratories test catalog, CBC (Complete Blood Count with Differential), adult reference values';
const HARRISON =
  "Harrison's Principles of Internal Medicine, 20th ed. (2018), Appendix: Laboratory Values of Clinical Importance (Kratz, Pesce, Basner, Einstein)";
const TIETZ = 'Tietz Clinical Guide to Laboratory Tests, 4th ed. (2006)';
const ADA_DIAGNOSIS = 'ADA Standards of Care in Diabetes—2025, 2. Diagnosis and Classification of Diabetes';
const ADA_HYPO = 'ADA Standards of Care in Diabetes—2025, 6. Glycemic Goals and Hypoglycemia (level 1 hypoglycemia < 70 mg/dL)';
const NCEP = 'NCEP Adult Treatment Panel III final report (Circulation 2002;106:3143–3421)';
const KDIGO = 'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of CKD (Kidney Int Suppl 2013;3:1–150)';
const ENDO_VITD =
  'Endocrine Society Clinical Practice Guideline: Evaluation, Treatment, and Prevention of Vitamin D Deficiency (Holick et al., J Clin Endocrinol Metab 2011;96:1911–1930)';
const KOST =
  'Kost GJ. Critical limits for urgent clinician notification at US medical centers. JAMA 1990;263(5):704–707 (mean adult limits)';
const STRASINGER = 'Strasinger SK, Di Lorenzo MS. Urinalysis and Body Fluids, 6th ed. (2014)';
const MAYO_AMH = 'Mayo Clinic Laboratories test catalog, AMH1 (Antimullerian Hormone, Serum), reference values by sex and age';
const roche = (method: string) => `Roche Diagnostics Elecsys/cobas ${method} method sheet, expected values`;

const male = (low: number | undefined, high: number | undefined, unit: string, source: string): SeedRange => ({
  sex: 'male',
  age: ADULT,
  ...(low !== undefined && { low }),
  ...(high !== undefined && { high }),
  unit,
  source,
});
const female = (low: number | undefined, high: number | undefined, unit: string, source: string): SeedRange => ({
  ...male(low, high, unit, source),
  sex: 'female',
});
const adults = (low: number | undefined, high: number | undefined, unit: string, source: string): SeedRange => {
  const { sex: _any, ...range } = male(low, high, unit, source);
  return range;
};
const phase = (en: string, ar: string, range: SeedRange): SeedRange => ({ ...range, condition: { en, ar } });

const PRESENCE: SeedAnswer[] = [
  { en: 'Negative', ar: 'سلبي', normal: true },
  { en: 'Positive', ar: 'إيجابي', normal: false },
];
const REACTIVITY: SeedAnswer[] = [
  { en: 'Non-reactive', ar: 'غير تفاعلي', normal: true },
  { en: 'Reactive', ar: 'تفاعلي', normal: false },
];
const DETECTION: SeedAnswer[] = [
  { en: 'Not detected', ar: 'غير مكتشف', normal: true },
  { en: 'Detected', ar: 'مكتشف', normal: false },
];
const DIPSTICK: SeedAnswer[] = [
  { en: 'Negative', ar: 'سلبي', normal: true },
  { en: 'Trace', ar: 'أثر', normal: false },
  { en: '1+', ar: '1+', normal: false },
  { en: '2+', ar: '2+', normal: false },
  { en: '3+', ar: '3+', normal: false },
];

const GLUCOSE_CRITICAL = adults(46, 484, 'mg/dL', KOST);

export const analytes: SeedAnalyte[] = [
  // ───────────── Complete blood count ─────────────
  {
    loinc: '6690-2',
    nameEn: 'White blood cells (WBC)',
    nameAr: 'كريات الدم البيضاء (WBC)',
    unit: '10*3/uL',
    decimals: 1,
    intervals: [adults(3.4, 9.6, '10*3/uL', MAYO_CBC)],
    critical: [adults(2.0, 37.0, '10*3/uL', KOST)],
  },
  {
    loinc: '789-8',
    nameEn: 'Red blood cells (RBC)',
    nameAr: 'كريات الدم الحمراء (RBC)',
    unit: '10*6/uL',
    decimals: 2,
    intervals: [male(4.35, 5.65, '10*6/uL', MAYO_CBC), female(3.92, 5.13, '10*6/uL', MAYO_CBC)],
  },
  {
    loinc: '718-7',
    nameEn: 'Hemoglobin',
    nameAr: 'الهيموغلوبين',
    unit: 'g/dL',
    decimals: 1,
    intervals: [male(13.2, 16.6, 'g/dL', MAYO_CBC), female(11.6, 15.0, 'g/dL', MAYO_CBC)],
    critical: [adults(6.6, 19.9, 'g/dL', KOST)],
  },
  {
    loinc: '4544-3',
    nameEn: 'Hematocrit',
    nameAr: 'الهيماتوكريت',
    unit: '%',
    decimals: 1,
    intervals: [male(38.3, 48.6, '%', MAYO_CBC), female(35.5, 44.9, '%', MAYO_CBC)],
    critical: [adults(18, 61, '%', KOST)],
  },
  {
    loinc: '787-2',
    nameEn: 'Mean corpuscular volume (MCV)',
    nameAr: 'متوسط حجم الكرية الحمراء (MCV)',
    unit: 'fL',
    decimals: 1,
    intervals: [adults(78.2, 97.9, 'fL', MAYO_CBC)],
  },
  {
    loinc: '785-6',
    nameEn: 'Mean corpuscular hemoglobin (MCH)',
    nameAr: 'متوسط هيموغلوبين الكرية (MCH)',
    unit: 'pg',
    decimals: 1,
    intervals: [adults(26.7, 31.9, 'pg', HARRISON)],
  },
  {
    loinc: '786-4',
    nameEn: 'Mean corpuscular hemoglobin concentration (MCHC)',
    nameAr: 'متوسط تركيز هيموغلوبين الكرية (MCHC)',
    unit: 'g/dL',
    decimals: 1,
    intervals: [adults(32.3, 35.9, 'g/dL', HARRISON)],
  },
  {
    loinc: '788-0',
    nameEn: 'Red cell distribution width (RDW)',
    nameAr: 'عرض توزيع الكريات الحمراء (RDW)',
    unit: '%',
    decimals: 1,
    intervals: [adults(11.8, 15.6, '%', MAYO_CBC)],
  },
  {
    loinc: '777-3',
    nameEn: 'Platelets',
    nameAr: 'الصفائح الدموية',
    unit: '10*3/uL',
    decimals: 0,
    intervals: [male(135, 317, '10*3/uL', MAYO_CBC), female(157, 371, '10*3/uL', MAYO_CBC)],
    critical: [adults(37, 910, '10*3/uL', KOST)],
  },
  {
    loinc: '32623-1',
    nameEn: 'Mean platelet volume (MPV)',
    nameAr: 'متوسط حجم الصفيحات (MPV)',
    unit: 'fL',
    decimals: 1,
    intervals: [adults(9.0, 12.95, 'fL', HARRISON)],
  },
  {
    loinc: '770-8',
    nameEn: 'Neutrophils %',
    nameAr: 'العدلات %',
    unit: '%',
    decimals: 1,
    intervals: [adults(40, 70, '%', HARRISON)],
  },
  {
    loinc: '736-9',
    nameEn: 'Lymphocytes %',
    nameAr: 'الخلايا اللمفاوية %',
    unit: '%',
    decimals: 1,
    intervals: [adults(20, 50, '%', HARRISON)],
  },
  {
    loinc: '5905-5',
    nameEn: 'Monocytes %',
    nameAr: 'الخلايا الوحيدة %',
    unit: '%',
    decimals: 1,
    intervals: [adults(4, 8, '%', HARRISON)],
  },
  {
    loinc: '713-8',
    nameEn: 'Eosinophils %',
    nameAr: 'الخلايا الحمضية %',
    unit: '%',
    decimals: 1,
    intervals: [adults(0, 6, '%', HARRISON)],
  },
  {
    loinc: '706-2',
    nameEn: 'Basophils %',
    nameAr: 'الخلايا القاعدية %',
    unit: '%',
    decimals: 1,
    intervals: [adults(0, 2, '%', HARRISON)],
  },
  {
    loinc: '751-8',
    nameEn: 'Neutrophils (absolute)',
    nameAr: 'العدلات (العدد المطلق)',
    unit: '10*3/uL',
    decimals: 2,
    intervals: [adults(1.56, 6.45, '10*3/uL', MAYO_CBC)],
  },
  {
    loinc: '731-0',
    nameEn: 'Lymphocytes (absolute)',
    nameAr: 'الخلايا اللمفاوية (العدد المطلق)',
    unit: '10*3/uL',
    decimals: 2,
    intervals: [adults(0.95, 3.07, '10*3/uL', MAYO_CBC)],
  },
  {
    loinc: '742-7',
    nameEn: 'Monocytes (absolute)',
    nameAr: 'الخلايا الوحيدة (العدد المطلق)',
    unit: '10*3/uL',
    decimals: 2,
    intervals: [adults(0.26, 0.81, '10*3/uL', MAYO_CBC)],
  },
  {
    loinc: '711-2',
    nameEn: 'Eosinophils (absolute)',
    nameAr: 'الخلايا الحمضية (العدد المطلق)',
    unit: '10*3/uL',
    decimals: 2,
    intervals: [adults(0.03, 0.48, '10*3/uL', MAYO_CBC)],
  },
  {
    loinc: '704-7',
    nameEn: 'Basophils (absolute)',
    nameAr: 'الخلايا القاعدية (العدد المطلق)',
    unit: '10*3/uL',
    decimals: 2,
    intervals: [adults(0.01, 0.08, '10*3/uL', MAYO_CBC)],
  },

  // ───────────── Other blood tests ─────────────
  {
    loinc: '30341-2',
    nameEn: 'Erythrocyte sedimentation rate (ESR)',
    nameAr: 'سرعة ترسب الدم (ESR)',
    unit: 'mm/h',
    decimals: 0,
    intervals: [male(0, 15, 'mm/h', HARRISON), female(0, 20, 'mm/h', HARRISON)],
  },
  {
    loinc: '883-9',
    nameEn: 'ABO blood group',
    nameAr: 'فصيلة الدم ABO',
    answers: ['A', 'B', 'AB', 'O'].map((group) => ({ en: group, ar: group, normal: null })),
  },
  {
    loinc: '10331-7',
    nameEn: 'Rh factor',
    nameAr: 'العامل الريصي (Rh)',
    answers: [
      { en: 'Positive', ar: 'موجب', normal: null },
      { en: 'Negative', ar: 'سالب', normal: null },
    ],
  },
  {
    loinc: '5902-2',
    nameEn: 'Prothrombin time (PT)',
    nameAr: 'زمن البروثرومبين (PT)',
    unit: 's',
    decimals: 1,
    intervals: [adults(12.7, 15.4, 's', HARRISON)],
    critical: [adults(undefined, 27, 's', KOST)],
  },
  {
    loinc: '6301-6',
    nameEn: 'International normalized ratio (INR)',
    nameAr: 'النسبة المعيارية الدولية (INR)',
    unit: '{INR}',
    decimals: 2,
    intervals: [
      adults(undefined, 1.1, '{INR}', 'MedlinePlus Medical Encyclopedia, Prothrombin time (PT), U.S. National Library of Medicine'),
    ],
  },
  {
    loinc: '4551-8',
    nameEn: 'Hemoglobin A2',
    nameAr: 'الهيموغلوبين A2',
    unit: '%',
    decimals: 1,
    intervals: [
      adults(
        undefined,
        3.5,
        '%',
        'Ryan K et al. Significant haemoglobinopathies: guidelines for screening and diagnosis. Br J Haematol 2010;149:35–49 (HbA2 above 3.5% suggests beta-thalassaemia trait)',
      ),
    ],
  },
  { loinc: '4576-5', nameEn: 'Hemoglobin F', nameAr: 'الهيموغلوبين F', unit: '%', decimals: 1 },
  { loinc: '4625-0', nameEn: 'Hemoglobin S', nameAr: 'الهيموغلوبين S', unit: '%', decimals: 1 },
  {
    loinc: '32546-4',
    nameEn: 'G6PD enzyme activity',
    nameAr: 'نشاط إنزيم G6PD',
    unit: 'U/g{Hb}',
    decimals: 1,
  },
  {
    loinc: '48065-7',
    nameEn: 'D-dimer',
    nameAr: 'دي-دايمر (D-dimer)',
    unit: 'ng/mL{FEU}',
    decimals: 0,
    intervals: [
      adults(
        undefined,
        500,
        'ng/mL{FEU}',
        'Wells PS et al. Evaluation of D-dimer in the diagnosis of suspected deep-vein thrombosis. N Engl J Med 2003;349:1227–1235 (500 ng/mL FEU exclusion cut-off)',
      ),
    ],
  },

  // ───────────── Diabetes ─────────────
  {
    loinc: '1558-6',
    nameEn: 'Fasting glucose',
    nameAr: 'السكر الصائم',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(70, 99, 'mg/dL', `${ADA_DIAGNOSIS}; ${ADA_HYPO}`)],
    critical: [GLUCOSE_CRITICAL],
  },
  {
    loinc: '2345-7',
    nameEn: 'Random glucose',
    nameAr: 'السكر العشوائي',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(70, 199, 'mg/dL', `${ADA_DIAGNOSIS} (random plasma glucose of 200 mg/dL or more with symptoms); ${ADA_HYPO}`)],
    critical: [GLUCOSE_CRITICAL],
  },
  {
    loinc: '1518-0',
    nameEn: 'Glucose 2 hours after 75 g glucose',
    nameAr: 'السكر بعد ساعتين من شرب 75 غ من الغلوكوز',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(undefined, 139, 'mg/dL', `${ADA_DIAGNOSIS} (2-hour plasma glucose below 140 mg/dL)`)],
    critical: [GLUCOSE_CRITICAL],
  },
  {
    loinc: '4548-4',
    nameEn: 'Glycated hemoglobin (HbA1c)',
    nameAr: 'السكر التراكمي (HbA1c)',
    unit: '%',
    decimals: 1,
    intervals: [adults(undefined, 5.6, '%', `${ADA_DIAGNOSIS} (A1C below 5.7%)`)],
  },
  {
    loinc: '20448-7',
    nameEn: 'Insulin (fasting)',
    nameAr: 'الإنسولين الصائم',
    unit: 'u[IU]/mL',
    decimals: 1,
    intervals: [adults(2.6, 24.9, 'u[IU]/mL', roche('Insulin'))],
  },
  {
    loinc: '9318-7',
    nameEn: 'Albumin/creatinine ratio, urine (ACR)',
    nameAr: 'نسبة الألبومين إلى الكرياتينين في البول',
    unit: 'mg/g',
    decimals: 0,
    intervals: [adults(undefined, 29, 'mg/g', `${KDIGO} (albuminuria category A1, below 30 mg/g)`)],
  },
  { loinc: '1754-1', nameEn: 'Albumin, urine', nameAr: 'الألبومين في البول', unit: 'mg/L', decimals: 1 },
  { loinc: '2161-8', nameEn: 'Creatinine, urine', nameAr: 'الكرياتينين في البول', unit: 'mg/dL', decimals: 1 },

  // ───────────── Lipids ─────────────
  {
    loinc: '2093-3',
    nameEn: 'Total cholesterol',
    nameAr: 'الكوليسترول الكلي',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(undefined, 199, 'mg/dL', `${NCEP} (desirable below 200 mg/dL)`)],
  },
  {
    loinc: '2571-8',
    nameEn: 'Triglycerides',
    nameAr: 'الدهون الثلاثية',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(undefined, 149, 'mg/dL', `${NCEP} (normal below 150 mg/dL)`)],
  },
  {
    loinc: '2085-9',
    nameEn: 'HDL cholesterol',
    nameAr: 'الكوليسترول النافع (HDL)',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(40, undefined, 'mg/dL', `${NCEP} (low HDL below 40 mg/dL)`)],
  },
  {
    loinc: '13457-7',
    nameEn: 'LDL cholesterol (calculated)',
    nameAr: 'الكوليسترول الضار (LDL) المحسوب',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(undefined, 99, 'mg/dL', `${NCEP} (optimal below 100 mg/dL)`)],
  },
  {
    loinc: '43396-1',
    nameEn: 'Non-HDL cholesterol',
    nameAr: 'الكوليسترول غير النافع (Non-HDL)',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(undefined, 129, 'mg/dL', `${NCEP} (non-HDL goal 30 mg/dL above the LDL goal)`)],
  },

  // ───────────── Heart ─────────────
  {
    loinc: '89579-7',
    nameEn: 'Troponin I, high-sensitivity',
    nameAr: 'التروبونين I عالي الحساسية',
    unit: 'ng/L',
    decimals: 0,
    intervals: [
      male(undefined, 20, 'ng/L', 'Mayo Clinic Laboratories test catalog, HSTNI (Troponin I, High Sensitivity, Plasma)'),
      female(undefined, 15, 'ng/L', 'Mayo Clinic Laboratories test catalog, HSTNI (Troponin I, High Sensitivity, Plasma)'),
    ],
  },
  {
    loinc: '13969-1',
    nameEn: 'Creatine kinase-MB (mass)',
    nameAr: 'إنزيم الكرياتين كاينيز القلبي (CK-MB)',
    unit: 'ng/mL',
    decimals: 2,
    intervals: [male(undefined, 4.94, 'ng/mL', roche('CK-MB STAT')), female(undefined, 2.88, 'ng/mL', roche('CK-MB STAT'))],
  },
  {
    loinc: '30522-7',
    nameEn: 'C-reactive protein, high-sensitivity (hs-CRP)',
    nameAr: 'بروتين سي التفاعلي عالي الحساسية (hs-CRP)',
    unit: 'mg/L',
    decimals: 1,
    intervals: [
      adults(
        undefined,
        3.0,
        'mg/L',
        'Pearson TA et al. Markers of inflammation and cardiovascular disease: AHA/CDC scientific statement. Circulation 2003;107:499–511 (above 3.0 mg/L: high risk)',
      ),
    ],
  },
  {
    loinc: '33762-6',
    nameEn: 'NT-proBNP',
    nameAr: 'الببتيد المدر للصوديوم (NT-proBNP)',
    unit: 'pg/mL',
    decimals: 0,
    intervals: [
      adults(
        undefined,
        124,
        'pg/mL',
        '2021 ESC Guidelines for the diagnosis and treatment of acute and chronic heart failure (McDonagh et al., Eur Heart J 2021;42:3599–3726): heart failure unlikely below 125 pg/mL, non-acute setting',
      ),
    ],
  },
  {
    loinc: '13965-9',
    nameEn: 'Homocysteine',
    nameAr: 'الهوموسيستين',
    unit: 'umol/L',
    decimals: 1,
    intervals: [
      adults(
        undefined,
        15,
        'umol/L',
        'Refsum H et al. Facts and recommendations about total homocysteine determinations: an expert opinion. Clin Chem 2004;50:3–32',
      ),
    ],
  },

  // ───────────── Thyroid ─────────────
  {
    loinc: '3016-3',
    nameEn: 'Thyroid stimulating hormone (TSH)',
    nameAr: 'الهرمون المنبه للغدة الدرقية (TSH)',
    unit: 'm[IU]/L',
    decimals: 2,
    intervals: [adults(0.27, 4.2, 'm[IU]/L', roche('TSH'))],
  },
  {
    loinc: '3024-7',
    nameEn: 'Free thyroxine (Free T4)',
    nameAr: 'هرمون الثيروكسين الحر (Free T4)',
    unit: 'ng/dL',
    decimals: 2,
    intervals: [adults(0.93, 1.7, 'ng/dL', roche('FT4 II'))],
  },
  {
    loinc: '3051-0',
    nameEn: 'Free triiodothyronine (Free T3)',
    nameAr: 'هرمون ثلاثي يود الثيرونين الحر (Free T3)',
    unit: 'pg/mL',
    decimals: 2,
    intervals: [adults(2.0, 4.4, 'pg/mL', roche('FT3 III'))],
  },
  {
    loinc: '8099-4',
    nameEn: 'Thyroid peroxidase antibodies (Anti-TPO)',
    nameAr: 'الأجسام المضادة لإنزيم بيروكسيداز الغدة الدرقية (Anti-TPO)',
    unit: '[IU]/mL',
    decimals: 1,
    intervals: [adults(undefined, 34, '[IU]/mL', roche('Anti-TPO'))],
  },

  // ───────────── Vitamins and minerals ─────────────
  {
    loinc: '62292-8',
    nameEn: 'Vitamin D, 25-hydroxy (D2 + D3)',
    nameAr: 'فيتامين د (25-هيدروكسي)',
    unit: 'ng/mL',
    decimals: 1,
    intervals: [adults(30, 100, 'ng/mL', `${ENDO_VITD} (sufficiency 30–100 ng/mL)`)],
  },
  {
    loinc: '2132-9',
    nameEn: 'Vitamin B12',
    nameAr: 'فيتامين ب12',
    unit: 'pg/mL',
    decimals: 0,
    intervals: [adults(197, 771, 'pg/mL', roche('Vitamin B12 II'))],
  },
  {
    loinc: '2284-8',
    nameEn: 'Folate',
    nameAr: 'حمض الفوليك (الفولات)',
    unit: 'ng/mL',
    decimals: 1,
    intervals: [
      adults(
        4.0,
        undefined,
        'ng/mL',
        'WHO. Serum and red blood cell folate concentrations for assessing folate status in populations. VMNIS, WHO/NMH/NHD/EPG/12.1 (2015) (deficiency below 10 nmol/L, 4 ng/mL)',
      ),
    ],
  },
  {
    loinc: '2276-4',
    nameEn: 'Ferritin',
    nameAr: 'الفيريتين (مخزون الحديد)',
    unit: 'ng/mL',
    decimals: 1,
    intervals: [male(30, 400, 'ng/mL', roche('Ferritin')), female(13, 150, 'ng/mL', roche('Ferritin'))],
  },
  {
    loinc: '2498-4',
    nameEn: 'Iron',
    nameAr: 'الحديد في المصل',
    unit: 'ug/dL',
    decimals: 0,
    intervals: [male(65, 175, 'ug/dL', roche('Iron Gen.2')), female(50, 170, 'ug/dL', roche('Iron Gen.2'))],
  },
  {
    loinc: '2500-7',
    nameEn: 'Total iron-binding capacity (TIBC)',
    nameAr: 'السعة الكلية لربط الحديد (TIBC)',
    unit: 'ug/dL',
    decimals: 0,
    intervals: [adults(250, 425, 'ug/dL', TIETZ)],
  },
  {
    loinc: '2502-3',
    nameEn: 'Transferrin saturation',
    nameAr: 'نسبة تشبع الترانسفيرين',
    unit: '%',
    decimals: 0,
    intervals: [male(20, 50, '%', TIETZ), female(15, 50, '%', TIETZ)],
  },
  {
    loinc: '3034-6',
    nameEn: 'Transferrin',
    nameAr: 'الترانسفيرين',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(200, 360, 'mg/dL', roche('Tina-quant Transferrin ver.2'))],
  },
  {
    loinc: '17861-6',
    nameEn: 'Calcium',
    nameAr: 'الكالسيوم',
    unit: 'mg/dL',
    decimals: 1,
    intervals: [adults(8.6, 10.0, 'mg/dL', roche('Calcium Gen.2'))],
    critical: [adults(6.6, 12.9, 'mg/dL', KOST)],
  },
  {
    loinc: '19123-9',
    nameEn: 'Magnesium',
    nameAr: 'المغنيسيوم',
    unit: 'mg/dL',
    decimals: 1,
    intervals: [adults(1.6, 2.6, 'mg/dL', roche('Magnesium Gen.2'))],
    critical: [adults(1.0, 4.9, 'mg/dL', KOST)],
  },
  {
    loinc: '5763-8',
    nameEn: 'Zinc',
    nameAr: 'الزنك',
    unit: 'ug/dL',
    decimals: 0,
    intervals: [adults(0.6, 1.2, 'ug/mL', 'Mayo Clinic Laboratories test catalog, ZNS (Zinc, Serum), adult reference values')],
  },

  // ───────────── Hormones ─────────────
  {
    loinc: '2986-8',
    nameEn: 'Testosterone, total',
    nameAr: 'التستوستيرون الكلي',
    unit: 'ng/dL',
    decimals: 0,
    intervals: [
      {
        ...male(
          264,
          916,
          'ng/dL',
          'Travison TG et al. Harmonized reference ranges for circulating testosterone levels in men. J Clin Endocrinol Metab 2017;102:1161–1173 (ages 19–39), adopted by the Endocrine Society guideline (Bhasin et al., 2018)',
        ),
        age: [19, 40, 'a'],
      },
      { ...female(8.4, 48.1, 'ng/dL', roche('Testosterone II')), age: [20, 50, 'a'] },
    ],
  },
  {
    loinc: '2842-3',
    nameEn: 'Prolactin',
    nameAr: 'هرمون الحليب (البرولاكتين)',
    unit: 'ng/mL',
    decimals: 1,
    intervals: [
      male(4.04, 15.2, 'ng/mL', roche('Prolactin II')),
      phase('Not pregnant', 'لغير الحامل', female(4.79, 23.3, 'ng/mL', roche('Prolactin II'))),
    ],
  },
  {
    loinc: '15067-2',
    nameEn: 'Follicle stimulating hormone (FSH)',
    nameAr: 'الهرمون المنبه للجريب (FSH)',
    unit: 'm[IU]/mL',
    decimals: 1,
    intervals: [
      male(1.5, 12.4, 'm[IU]/mL', roche('FSH')),
      phase('Follicular phase', 'المرحلة الجريبية', female(3.5, 12.5, 'm[IU]/mL', roche('FSH'))),
      phase('Ovulation', 'مرحلة الإباضة', female(4.7, 21.5, 'm[IU]/mL', roche('FSH'))),
      phase('Luteal phase', 'المرحلة الأصفرية', female(1.7, 7.7, 'm[IU]/mL', roche('FSH'))),
      phase('Postmenopause', 'بعد انقطاع الطمث', female(25.8, 134.8, 'm[IU]/mL', roche('FSH'))),
    ],
  },
  {
    loinc: '10501-5',
    nameEn: 'Luteinizing hormone (LH)',
    nameAr: 'الهرمون الملوتن (LH)',
    unit: 'm[IU]/mL',
    decimals: 1,
    intervals: [
      male(1.7, 8.6, 'm[IU]/mL', roche('LH')),
      phase('Follicular phase', 'المرحلة الجريبية', female(2.4, 12.6, 'm[IU]/mL', roche('LH'))),
      phase('Ovulation', 'مرحلة الإباضة', female(14.0, 95.6, 'm[IU]/mL', roche('LH'))),
      phase('Luteal phase', 'المرحلة الأصفرية', female(1.0, 11.4, 'm[IU]/mL', roche('LH'))),
      phase('Postmenopause', 'بعد انقطاع الطمث', female(7.7, 58.5, 'm[IU]/mL', roche('LH'))),
    ],
  },
  {
    loinc: '2143-6',
    nameEn: 'Cortisol',
    nameAr: 'الكورتيزول',
    unit: 'ug/dL',
    decimals: 1,
    intervals: [phase('Sample taken 7–10 am', 'عينة بين السابعة والعاشرة صباحاً', adults(6.02, 18.4, 'ug/dL', roche('Cortisol II')))],
  },
  {
    loinc: '2243-4',
    nameEn: 'Estradiol (E2)',
    nameAr: 'الإستراديول (E2)',
    unit: 'pg/mL',
    decimals: 1,
    intervals: [
      male(25.8, 60.7, 'pg/mL', roche('Estradiol II')),
      phase('Follicular phase', 'المرحلة الجريبية', female(12.5, 166, 'pg/mL', roche('Estradiol II'))),
      phase('Ovulation', 'مرحلة الإباضة', female(85.8, 498, 'pg/mL', roche('Estradiol II'))),
      phase('Luteal phase', 'المرحلة الأصفرية', female(43.8, 211, 'pg/mL', roche('Estradiol II'))),
      phase('Postmenopause', 'بعد انقطاع الطمث', female(undefined, 54.7, 'pg/mL', roche('Estradiol II'))),
    ],
  },
  {
    loinc: '2839-9',
    nameEn: 'Progesterone',
    nameAr: 'البروجسترون',
    unit: 'ng/mL',
    decimals: 2,
    intervals: [
      male(0.2, 1.4, 'ng/mL', roche('Progesterone II')),
      phase('Follicular phase', 'المرحلة الجريبية', female(0.2, 1.5, 'ng/mL', roche('Progesterone II'))),
      phase('Ovulation', 'مرحلة الإباضة', female(0.8, 3.0, 'ng/mL', roche('Progesterone II'))),
      phase('Luteal phase', 'المرحلة الأصفرية', female(1.7, 27.0, 'ng/mL', roche('Progesterone II'))),
      phase('Postmenopause', 'بعد انقطاع الطمث', female(0.1, 0.8, 'ng/mL', roche('Progesterone II'))),
    ],
  },
  {
    loinc: '38476-8',
    nameEn: 'Anti-Mullerian hormone (AMH)',
    nameAr: 'هرمون مضاد مولر (AMH)',
    unit: 'ng/mL',
    decimals: 2,
    intervals: [
      ...(
        [
          [20, 25, 1.2, 12],
          [25, 30, 0.89, 9.9],
          [30, 35, 0.58, 8.1],
          [35, 40, 0.15, 7.5],
          [40, 45, 0.03, 5.5],
        ] as const
      ).map(([from, to, low, high]) => ({ ...female(low, high, 'ng/mL', MAYO_AMH), age: [from, to, 'a'] as SeedRange['age'] })),
      { ...female(undefined, 2.6, 'ng/mL', MAYO_AMH), age: [45, 51, 'a'] },
      { ...male(undefined, 13, 'ng/mL', MAYO_AMH), age: [13, null, 'a'] },
    ],
  },
  {
    loinc: '19080-1',
    nameEn: 'Human chorionic gonadotropin (beta-hCG), quantitative',
    nameAr: 'هرمون الحمل التراكمي (Beta-hCG)',
    unit: 'm[IU]/mL',
    decimals: 1,
    intervals: [
      phase(
        'Not pregnant',
        'لغير الحامل',
        female(
          undefined,
          5,
          'm[IU]/mL',
          'Mayo Clinic Laboratories test catalog, HCG (hCG, Quantitative, Serum): non-pregnant women below 5 IU/L',
        ),
      ),
    ],
  },
  {
    loinc: '2106-3',
    nameEn: 'Pregnancy test (hCG), urine',
    nameAr: 'اختبار الحمل في البول',
    answers: [
      { en: 'Negative', ar: 'سلبي', normal: null },
      { en: 'Positive', ar: 'إيجابي', normal: null },
    ],
  },
  {
    loinc: '2857-1',
    nameEn: 'Prostate-specific antigen (PSA), total',
    nameAr: 'مستضد البروستاتا النوعي الكلي (PSA)',
    unit: 'ng/mL',
    decimals: 2,
    intervals: [
      male(
        undefined,
        4.0,
        'ng/mL',
        'Catalona WJ et al. Measurement of prostate-specific antigen in serum as a screening test for prostate cancer. N Engl J Med 1991;324:1156–1161 (4.0 ng/mL cut-off)',
      ),
    ],
  },

  // ───────────── Kidney ─────────────
  {
    loinc: '2160-0',
    nameEn: 'Creatinine',
    nameAr: 'الكرياتينين',
    unit: 'mg/dL',
    decimals: 2,
    intervals: [male(0.7, 1.2, 'mg/dL', roche('Creatinine Jaffe Gen.2')), female(0.5, 0.9, 'mg/dL', roche('Creatinine Jaffe Gen.2'))],
    critical: [adults(undefined, 7.4, 'mg/dL', KOST)],
  },
  {
    loinc: '3094-0',
    nameEn: 'Blood urea nitrogen (BUN)',
    nameAr: 'نيتروجين اليوريا في الدم (BUN)',
    unit: 'mg/dL',
    decimals: 0,
    intervals: [adults(6, 20, 'mg/dL', TIETZ)],
    critical: [adults(undefined, 104, 'mg/dL', KOST)],
  },
  {
    loinc: '98979-8',
    nameEn: 'Estimated glomerular filtration rate (eGFR, CKD-EPI 2021)',
    nameAr: 'معدل الترشيح الكبيبي المقدر (eGFR)',
    unit: 'mL/min/{1.73_m2}',
    decimals: 0,
    intervals: [adults(90, undefined, 'mL/min/{1.73_m2}', `${KDIGO} (GFR category G1, normal or high)`)],
  },
  {
    loinc: '3084-1',
    nameEn: 'Uric acid',
    nameAr: 'حمض اليوريك',
    unit: 'mg/dL',
    decimals: 1,
    intervals: [male(3.4, 7.0, 'mg/dL', roche('Uric Acid ver.2')), female(2.4, 5.7, 'mg/dL', roche('Uric Acid ver.2'))],
    critical: [adults(undefined, 13, 'mg/dL', KOST)],
  },
  {
    loinc: '2951-2',
    nameEn: 'Sodium',
    nameAr: 'الصوديوم',
    unit: 'mmol/L',
    decimals: 0,
    intervals: [adults(136, 145, 'mmol/L', TIETZ)],
    critical: [adults(120, 158, 'mmol/L', KOST)],
  },
  {
    loinc: '2823-3',
    nameEn: 'Potassium',
    nameAr: 'البوتاسيوم',
    unit: 'mmol/L',
    decimals: 1,
    intervals: [adults(3.5, 5.1, 'mmol/L', TIETZ)],
    critical: [adults(2.8, 6.2, 'mmol/L', KOST)],
  },
  {
    loinc: '2075-0',
    nameEn: 'Chloride',
    nameAr: 'الكلوريد',
    unit: 'mmol/L',
    decimals: 0,
    intervals: [adults(98, 107, 'mmol/L', TIETZ)],
    critical: [adults(75, 126, 'mmol/L', KOST)],
  },
  {
    loinc: '2028-9',
    nameEn: 'Bicarbonate (total CO2)',
    nameAr: 'البيكربونات (ثاني أكسيد الكربون الكلي)',
    unit: 'mmol/L',
    decimals: 0,
    intervals: [adults(22, 29, 'mmol/L', roche('Bicarbonate CO2-L'))],
    critical: [adults(11, 40, 'mmol/L', KOST)],
  },

  // ───────────── Liver ─────────────
  {
    loinc: '1742-6',
    nameEn: 'Alanine aminotransferase (ALT)',
    nameAr: 'إنزيم ناقل أمين الألانين (ALT)',
    unit: 'U/L',
    decimals: 0,
    intervals: [male(undefined, 41, 'U/L', roche('ALT (IFCC)')), female(undefined, 33, 'U/L', roche('ALT (IFCC)'))],
  },
  {
    loinc: '1920-8',
    nameEn: 'Aspartate aminotransferase (AST)',
    nameAr: 'إنزيم ناقل أمين الأسبارتات (AST)',
    unit: 'U/L',
    decimals: 0,
    intervals: [male(undefined, 40, 'U/L', roche('AST (IFCC)')), female(undefined, 32, 'U/L', roche('AST (IFCC)'))],
  },
  {
    loinc: '6768-6',
    nameEn: 'Alkaline phosphatase (ALP)',
    nameAr: 'الفوسفاتاز القلوي (ALP)',
    unit: 'U/L',
    decimals: 0,
    intervals: [male(40, 129, 'U/L', roche('ALP (IFCC) Gen.2')), female(35, 104, 'U/L', roche('ALP (IFCC) Gen.2'))],
  },
  {
    loinc: '2324-2',
    nameEn: 'Gamma-glutamyl transferase (GGT)',
    nameAr: 'إنزيم غاما غلوتاميل ترانسفيراز (GGT)',
    unit: 'U/L',
    decimals: 0,
    intervals: [male(10, 71, 'U/L', roche('GGT Gen.2')), female(6, 42, 'U/L', roche('GGT Gen.2'))],
  },
  {
    loinc: '1975-2',
    nameEn: 'Bilirubin, total',
    nameAr: 'البيليروبين الكلي',
    unit: 'mg/dL',
    decimals: 2,
    intervals: [adults(undefined, 1.2, 'mg/dL', roche('Bilirubin Total Gen.3'))],
    critical: [adults(undefined, 15, 'mg/dL', KOST)],
  },
  {
    loinc: '1968-7',
    nameEn: 'Bilirubin, direct',
    nameAr: 'البيليروبين المباشر',
    unit: 'mg/dL',
    decimals: 2,
    intervals: [adults(undefined, 0.3, 'mg/dL', TIETZ)],
  },
  {
    loinc: '1751-7',
    nameEn: 'Albumin',
    nameAr: 'الألبومين',
    unit: 'g/dL',
    decimals: 1,
    intervals: [adults(3.5, 5.2, 'g/dL', roche('Albumin BCG Gen.2'))],
  },
  {
    loinc: '2885-2',
    nameEn: 'Total protein',
    nameAr: 'البروتين الكلي',
    unit: 'g/dL',
    decimals: 1,
    intervals: [adults(6.6, 8.7, 'g/dL', roche('Total Protein Gen.2'))],
  },

  // ───────────── Inflammation and immunology ─────────────
  {
    loinc: '1988-5',
    nameEn: 'C-reactive protein (CRP)',
    nameAr: 'بروتين سي التفاعلي (CRP)',
    unit: 'mg/L',
    decimals: 1,
    intervals: [adults(undefined, 5, 'mg/L', roche('CRP4 Tina-quant Gen.4'))],
  },
  {
    loinc: '19113-0',
    nameEn: 'Total IgE',
    nameAr: 'الغلوبولين المناعي E الكلي (IgE)',
    unit: '[IU]/mL',
    decimals: 0,
    intervals: [adults(undefined, 100, '[IU]/mL', roche('IgE II'))],
  },
  {
    loinc: '5334-8',
    nameEn: 'Rubella IgG antibodies',
    nameAr: 'الأجسام المضادة للحصبة الألمانية IgG',
    unit: '[IU]/mL',
    decimals: 1,
    intervals: [
      adults(
        10,
        undefined,
        '[IU]/mL',
        'Skendzel LP. Rubella immunity: defining the level of protective antibody. Am J Clin Pathol 1996;106:170–174 (10 IU/mL or more: immune)',
      ),
    ],
  },

  // ───────────── Infections ─────────────
  { loinc: '5196-1', nameEn: 'Hepatitis B surface antigen (HBsAg)', nameAr: 'المستضد السطحي لالتهاب الكبد B (HBsAg)', answers: REACTIVITY },
  { loinc: '13955-0', nameEn: 'Hepatitis C antibodies (Anti-HCV)', nameAr: 'الأجسام المضادة لالتهاب الكبد C', answers: REACTIVITY },
  {
    loinc: '56888-1',
    nameEn: 'HIV 1 and 2 antibodies and p24 antigen',
    nameAr: 'فيروس نقص المناعة البشرية 1 و2 (أجسام مضادة ومستضد p24)',
    answers: REACTIVITY,
  },
  { loinc: '17780-8', nameEn: 'H. pylori antigen, stool', nameAr: 'مستضد جرثومة المعدة في البراز', answers: PRESENCE },
  { loinc: '94500-6', nameEn: 'SARS-CoV-2 (COVID-19) RNA', nameAr: 'الحمض النووي لفيروس كورونا (كوفيد-19)', answers: DETECTION },
  { loinc: '80382-5', nameEn: 'Influenza A antigen', nameAr: 'مستضد الإنفلونزا A', answers: PRESENCE },
  { loinc: '80383-3', nameEn: 'Influenza B antigen', nameAr: 'مستضد الإنفلونزا B', answers: PRESENCE },
  {
    loinc: '19053-8',
    nameEn: 'Brucella antibodies, agglutination titer',
    nameAr: 'الأجسام المضادة للبروسيلا (عيار التلازن)',
    unit: '{titer}',
    decimals: 0,
    intervals: [
      adults(
        undefined,
        80,
        '{titer}',
        'WHO. Brucellosis in humans and animals. WHO/CDS/EPR/2006.7 (standard agglutination titre of 1:160 or more significant in endemic areas)',
      ),
    ],
  },

  // ───────────── Urine ─────────────
  {
    loinc: '5778-6',
    nameEn: 'Color, urine',
    nameAr: 'لون البول',
    answers: [
      { en: 'Pale yellow', ar: 'أصفر فاتح', normal: true },
      { en: 'Yellow', ar: 'أصفر', normal: true },
      { en: 'Dark yellow', ar: 'أصفر داكن', normal: false },
      { en: 'Amber', ar: 'كهرماني', normal: false },
      { en: 'Red', ar: 'أحمر', normal: false },
      { en: 'Brown', ar: 'بني', normal: false },
    ],
  },
  {
    loinc: '5767-9',
    nameEn: 'Appearance, urine',
    nameAr: 'مظهر البول',
    answers: [
      { en: 'Clear', ar: 'صافٍ', normal: true },
      { en: 'Slightly cloudy', ar: 'عكر قليلاً', normal: false },
      { en: 'Cloudy', ar: 'عكر', normal: false },
      { en: 'Turbid', ar: 'عكر جداً', normal: false },
    ],
  },
  {
    loinc: '5803-2',
    nameEn: 'pH, urine',
    nameAr: 'الأس الهيدروجيني للبول (pH)',
    unit: '[pH]',
    decimals: 1,
    intervals: [adults(4.5, 8.0, '[pH]', STRASINGER)],
  },
  {
    loinc: '5811-5',
    nameEn: 'Specific gravity, urine',
    nameAr: 'الكثافة النوعية للبول',
    unit: '1',
    decimals: 3,
    intervals: [adults(1.005, 1.03, '1', STRASINGER)],
  },
  { loinc: '20454-5', nameEn: 'Protein, urine (dipstick)', nameAr: 'البروتين في البول', answers: DIPSTICK },
  { loinc: '25428-4', nameEn: 'Glucose, urine (dipstick)', nameAr: 'السكر في البول', answers: DIPSTICK },
  { loinc: '2514-8', nameEn: 'Ketones, urine (dipstick)', nameAr: 'الكيتونات في البول', answers: DIPSTICK },
  { loinc: '5794-3', nameEn: 'Blood, urine (dipstick)', nameAr: 'الدم في البول', answers: DIPSTICK },
  { loinc: '5770-3', nameEn: 'Bilirubin, urine (dipstick)', nameAr: 'البيليروبين في البول', answers: DIPSTICK },
  { loinc: '5802-4', nameEn: 'Nitrite, urine', nameAr: 'النتريت في البول', answers: PRESENCE },
  { loinc: '5799-2', nameEn: 'Leukocyte esterase, urine', nameAr: 'إنزيم إستراز الكريات البيضاء في البول', answers: DIPSTICK },
  {
    loinc: '5821-4',
    nameEn: 'White blood cells, urine sediment',
    nameAr: 'كريات الدم البيضاء في راسب البول',
    unit: '/[HPF]',
    decimals: 0,
    intervals: [adults(0, 5, '/[HPF]', STRASINGER)],
  },
  {
    loinc: '13945-1',
    nameEn: 'Red blood cells, urine sediment',
    nameAr: 'كريات الدم الحمراء في راسب البول',
    unit: '/[HPF]',
    decimals: 0,
    intervals: [adults(0, 2, '/[HPF]', STRASINGER)],
  },
];

const CBC = [
  '6690-2',
  '789-8',
  '718-7',
  '4544-3',
  '787-2',
  '785-6',
  '786-4',
  '788-0',
  '777-3',
  { loinc: '32623-1', required: false },
  '770-8',
  '736-9',
  '5905-5',
  '713-8',
  '706-2',
  '751-8',
  '731-0',
  '742-7',
  '711-2',
  '704-7',
] as const;
const LIPIDS = ['2093-3', '2571-8', '2085-9', '13457-7', { loinc: '43396-1', required: false }] as const;
const KIDNEY = ['3094-0', '2160-0', '98979-8'] as const;
const LIVER = ['1742-6', '1920-8', '6768-6', '2324-2', '1975-2', '1968-7', '1751-7', '2885-2'] as const;
const LIVER_ENZYMES = ['1742-6', '1920-8', '6768-6', '2324-2'] as const;
const ELECTROLYTES = ['2951-2', '2823-3', '2075-0', { loinc: '2028-9', required: false }] as const;
const THYROID = ['3016-3', '3024-7', '3051-0'] as const;
const URINALYSIS = [
  '5778-6',
  '5767-9',
  '5803-2',
  '5811-5',
  '20454-5',
  '25428-4',
  '2514-8',
  '5794-3',
  '5770-3',
  '5802-4',
  '5799-2',
  '5821-4',
  '13945-1',
] as const;
const BASIC_CHECKUP = [...CBC, '1558-6', '4548-4', ...LIPIDS, ...KIDNEY, ...LIVER_ENZYMES, ...URINALYSIS] as const;

/** The analytes each demo test lists, in the order a report shows them. */
export const testAnalytes: SeedTestAnalytes[] = [
  { test: 'Basic Health Checkup Package', analytes: [...BASIC_CHECKUP] },
  {
    test: 'Comprehensive Health Checkup Package',
    analytes: [...BASIC_CHECKUP, ...THYROID.slice(0, 2), '62292-8', '2132-9', '2276-4', '3084-1', ...ELECTROLYTES.slice(0, 3)],
  },
  { test: 'Urine Analysis (Urinalysis)', analytes: [...URINALYSIS] },
  { test: 'C-Reactive Protein (CRP)', analytes: ['1988-5'] },
  { test: 'Prostate-Specific Antigen (PSA)', analytes: ['2857-1'] },
  { test: 'Complete Blood Count (CBC)', analytes: [...CBC] },
  { test: 'Erythrocyte Sedimentation Rate (ESR)', analytes: ['30341-2'] },
  { test: 'Blood Group and Rh Factor', analytes: ['883-9', '10331-7'] },
  { test: 'Prothrombin Time (PT-INR)', analytes: ['5902-2', '6301-6'] },
  { test: 'Hemoglobin Electrophoresis', analytes: ['4551-8', '4576-5', { loinc: '4625-0', required: false }] },
  { test: 'G6PD Enzyme', analytes: ['32546-4'] },
  { test: 'D-Dimer', analytes: ['48065-7'] },
  { test: 'Fasting Blood Glucose (FBS)', analytes: ['1558-6'] },
  { test: 'Random Blood Glucose (RBS)', analytes: ['2345-7'] },
  { test: 'Glycated Hemoglobin (HbA1c)', analytes: ['4548-4'] },
  { test: 'Oral Glucose Tolerance Test (OGTT)', analytes: ['1558-6', '1518-0'] },
  { test: 'Fasting Insulin', analytes: ['20448-7'] },
  { test: 'Urine Microalbumin', analytes: [{ loinc: '1754-1', required: false }, { loinc: '2161-8', required: false }, '9318-7'] },
  { test: 'Lipid Profile', analytes: [...LIPIDS] },
  { test: 'High-Sensitivity Troponin I', analytes: ['89579-7'] },
  { test: 'Creatine Kinase-MB (CK-MB)', analytes: ['13969-1'] },
  { test: 'High-Sensitivity CRP (hs-CRP)', analytes: ['30522-7'] },
  { test: 'NT-proBNP', analytes: ['33762-6'] },
  { test: 'Homocysteine', analytes: ['13965-9'] },
  { test: 'Thyroid Stimulating Hormone (TSH)', analytes: ['3016-3'] },
  { test: 'Free Thyroxine (Free T4)', analytes: ['3024-7'] },
  { test: 'Free Triiodothyronine (Free T3)', analytes: ['3051-0'] },
  { test: 'Thyroid Function Panel (TSH, Free T4, Free T3)', analytes: [...THYROID] },
  { test: 'Anti-Thyroid Peroxidase (Anti-TPO)', analytes: ['8099-4'] },
  { test: 'Vitamin D (25-OH)', analytes: ['62292-8'] },
  { test: 'Vitamin B12', analytes: ['2132-9'] },
  { test: 'Folic Acid (Folate)', analytes: ['2284-8'] },
  { test: 'Ferritin', analytes: ['2276-4'] },
  { test: 'Serum Iron and TIBC', analytes: ['2498-4', '2500-7', '2502-3', { loinc: '3034-6', required: false }] },
  { test: 'Calcium (Serum)', analytes: ['17861-6'] },
  { test: 'Magnesium', analytes: ['19123-9'] },
  { test: 'Zinc', analytes: ['5763-8'] },
  { test: 'Testosterone (Total)', analytes: ['2986-8'] },
  { test: 'Prolactin', analytes: ['2842-3'] },
  { test: 'Follicle Stimulating Hormone (FSH)', analytes: ['15067-2'] },
  { test: 'Luteinizing Hormone (LH)', analytes: ['10501-5'] },
  { test: 'Cortisol (Morning)', analytes: ['2143-6'] },
  { test: 'Liver Function Test (LFT)', analytes: [...LIVER] },
  { test: 'Kidney Function Test (KFT)', analytes: [...KIDNEY] },
  { test: 'Uric Acid', analytes: ['3084-1'] },
  { test: 'Serum Creatinine', analytes: ['2160-0', { loinc: '98979-8', required: false }] },
  { test: 'Electrolytes (Sodium, Potassium, Chloride)', analytes: [...ELECTROLYTES] },
  { test: 'Hepatitis B Surface Antigen (HBsAg)', analytes: ['5196-1'] },
  { test: 'Hepatitis C Antibody (Anti-HCV)', analytes: ['13955-0'] },
  { test: 'HIV 1 and 2 (Antigen-Antibody)', analytes: ['56888-1'] },
  { test: 'H. pylori Stool Antigen', analytes: ['17780-8'] },
  { test: 'COVID-19 PCR', analytes: ['94500-6'] },
  { test: 'Influenza A and B', analytes: ['80382-5', '80383-3'] },
  { test: 'Brucella Antibodies', analytes: ['19053-8'] },
  { test: 'Total IgE', analytes: ['19113-0'] },
  { test: 'Beta-hCG (Quantitative)', analytes: ['19080-1'] },
  { test: 'Urine Pregnancy Test', analytes: ['2106-3'] },
  { test: 'Anti-Mullerian Hormone (AMH)', analytes: ['38476-8'] },
  { test: 'Estradiol (E2)', analytes: ['2243-4'] },
  { test: 'Progesterone', analytes: ['2839-9'] },
  { test: 'Rubella IgG', analytes: ['5334-8'] },
];

const PUBCHEM = (compound: string, cid: number) => `PubChem, ${compound} (CID ${cid}), molecular weight`;
const CHOLESTEROL_MASS = {
  value: 386.65,
  source: `${PUBCHEM('cholesterol', 5997)}; NCEP ATP III converts cholesterol mg/dL to mmol/L by 38.67`,
};
const GLUCOSE_MASS = { value: 180.156, source: PUBCHEM('D-glucose', 5793) };
const IUPAC = (element: string, weight: string) => `IUPAC standard atomic weight of ${element}, ${weight}`;
const YOUNG_SI = 'Young DS, Implementation of SI units for clinical laboratory data, Ann Intern Med 1987;106:114–129';
const BILIRUBIN_MASS = { value: 584.66, source: `${PUBCHEM('bilirubin', 5280352)}; ${YOUNG_SI}: mg/dL × 17.1 = µmol/L` };

/**
 * Molar masses that let UCUM convert a mass concentration to a molar one, so that a value reported as
 * glucose 5.5 mmol/L and one reported as 99 mg/dL share one trend. Keyed by LOINC code.
 */
export const molarMasses: Readonly<Record<string, { value: number; source: string }>> = {
  '1558-6': GLUCOSE_MASS,
  '2345-7': GLUCOSE_MASS,
  '1518-0': GLUCOSE_MASS,
  '2093-3': CHOLESTEROL_MASS,
  '2085-9': CHOLESTEROL_MASS,
  '13457-7': CHOLESTEROL_MASS,
  '2571-8': { value: 885.7, source: 'Triglycerides as triolein; NCEP ATP III converts triglycerides mg/dL to mmol/L by 88.57' },
  '2160-0': { value: 113.12, source: PUBCHEM('creatinine', 588) },
  '3094-0': {
    value: 28.014,
    source:
      'Urea nitrogen as N2 (2 × 14.007 g/mol, IUPAC standard atomic weight of nitrogen); Tietz, 4th ed., BUN mg/dL × 0.357 = mmol/L urea',
  },
  '3084-1': { value: 168.11, source: PUBCHEM('uric acid', 1175) },
  '17861-6': { value: 40.078, source: 'IUPAC standard atomic weight of calcium, 40.078' },
  // Issue #76 item 2 (migrations/0075 sets the same on a catalogue seeded before them). YOUNG_SI's factors are checked in tests/unit/lab-units.test.ts.
  '62292-8': {
    value: 400.64,
    source: `${PUBCHEM('calcifediol, 25-hydroxyvitamin D3', 5283731)}; Endocrine Society 2011 (Holick et al.): ng/mL × 2.496 = nmol/L`,
  },
  '2132-9': { value: 1355.37, source: `${PUBCHEM('cyanocobalamin', 5311498)}; ${YOUNG_SI}: pg/mL × 0.7378 = pmol/L` },
  '2284-8': { value: 441.4, source: `${PUBCHEM('folic acid', 135398658)}; ${YOUNG_SI}: ng/mL × 2.266 = nmol/L` },
  '2498-4': { value: 55.845, source: `${IUPAC('iron', '55.845')}; ${YOUNG_SI}: µg/dL × 0.1791 = µmol/L` },
  '2500-7': { value: 55.845, source: `${IUPAC('iron', '55.845')} (TIBC is iron bound); ${YOUNG_SI}: µg/dL × 0.1791 = µmol/L` },
  '19123-9': { value: 24.305, source: `${IUPAC('magnesium', '24.305')}; ${YOUNG_SI}: mg/dL × 0.4114 = mmol/L` },
  '5763-8': { value: 65.38, source: `${IUPAC('zinc', '65.38')}; ${YOUNG_SI}: µg/dL × 0.1530 = µmol/L` },
  '2986-8': { value: 288.42, source: `${PUBCHEM('testosterone', 6013)}; ${YOUNG_SI}: ng/dL × 0.03467 = nmol/L` },
  '2143-6': { value: 362.46, source: `${PUBCHEM('hydrocortisone (cortisol)', 5754)}; ${YOUNG_SI}: µg/dL × 27.59 = nmol/L` },
  '2243-4': { value: 272.38, source: `${PUBCHEM('estradiol', 5757)}; ${YOUNG_SI}: pg/mL × 3.671 = pmol/L` },
  '2839-9': { value: 314.46, source: `${PUBCHEM('progesterone', 5994)}; ${YOUNG_SI}: ng/mL × 3.180 = nmol/L` },
  '3024-7': { value: 776.87, source: `${PUBCHEM('thyroxine', 5819)}; ${YOUNG_SI}: ng/dL × 12.87 = pmol/L` },
  '3051-0': { value: 650.97, source: `${PUBCHEM('liothyronine (triiodothyronine)', 5920)}; ${YOUNG_SI}: pg/mL × 1.536 = pmol/L` },
  '1975-2': BILIRUBIN_MASS,
  '1968-7': BILIRUBIN_MASS,
  '43396-1': CHOLESTEROL_MASS,
  '2161-8': { value: 113.12, source: `${PUBCHEM('creatinine', 588)}; ${YOUNG_SI}: mg/dL × 88.4 = µmol/L` },
  '9318-7': {
    value: 113.12,
    source: `${PUBCHEM('creatinine', 588)}, the ratio's denominator; KDIGO 2012: albumin/creatinine 30 mg/g ≈ 3 mg/mmol (exactly 3.39)`,
  },
  '13965-9': { value: 135.18, source: `${PUBCHEM('homocysteine', 778)}; mg/L × 7.397 = µmol/L` },
  '33762-6': { value: 8457, source: 'Roche Elecsys proBNP II method sheet: NT-proBNP pmol/L × 8.457 = pg/mL' },
};

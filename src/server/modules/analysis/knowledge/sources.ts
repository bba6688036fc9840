/**
 * The published sources the analysis's rules, explanations and change limits are taken from, named
 * once so each finding shows its source the same way. Transcribed from each source; to be checked
 * against it by a clinical pathologist (ADR 0063).
 */
export interface Source {
  /** The guideline or reference as it is cited. */
  name: string;
  year: number;
  url?: string;
}

export const sources = {
  ada2025: {
    name: 'American Diabetes Association. Standards of Care in Diabetes—2025, 2. Diagnosis and Classification of Diabetes. Diabetes Care 2025;48(Suppl 1):S27–S49',
    year: 2025,
    url: 'https://diabetesjournals.org/care/issue/48/Supplement_1',
  },
  endocrineVitaminD2011: {
    name: 'Holick MF et al. Evaluation, Treatment, and Prevention of Vitamin D Deficiency: an Endocrine Society Clinical Practice Guideline. J Clin Endocrinol Metab 2011;96(7):1911–1930',
    year: 2011,
  },
  ncepAtp3: {
    name: 'National Cholesterol Education Program Adult Treatment Panel III, final report. Circulation 2002;106(25):3143–3421',
    year: 2002,
  },
  who2024Haemoglobin: {
    name: 'World Health Organization. Guideline on haemoglobin cutoffs to define anaemia in individuals and populations. Geneva: WHO; 2024',
    year: 2024,
    url: 'https://www.who.int/publications/i/item/9789240088542',
  },
  camaschella2015: {
    name: 'Camaschella C. Iron-deficiency anemia. N Engl J Med 2015;372(19):1832–1843',
    year: 2015,
  },
  mentzer1973: {
    name: 'Mentzer WC. Differentiation of iron deficiency from thalassaemia trait. Lancet 1973;1(7808):882',
    year: 1973,
  },
  bshB12_2014: {
    name: 'Devalia V, Hamilton MS, Molloy AM; British Committee for Standards in Haematology. Guidelines for the diagnosis and treatment of cobalamin and folate disorders. Br J Haematol 2014;166(4):496–513',
    year: 2014,
  },
  ata2012Hypothyroidism: {
    name: 'Garber JR et al. Clinical Practice Guidelines for Hypothyroidism in Adults (AACE and ATA). Thyroid 2012;22(12):1200–1235',
    year: 2012,
  },
  ata2016Hyperthyroidism: {
    name: 'Ross DS et al. 2016 American Thyroid Association Guidelines for Diagnosis and Management of Hyperthyroidism and Other Causes of Thyrotoxicosis. Thyroid 2016;26(10):1343–1421',
    year: 2016,
  },
  ckdEpi2021: {
    name: 'Inker LA et al. New Creatinine- and Cystatin C–Based Equations to Estimate GFR without Race (CKD-EPI 2021). N Engl J Med 2021;385(19):1737–1749',
    year: 2021,
  },
  kdigo2012: {
    name: 'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int Suppl 2013;3(1):1–150',
    year: 2012,
  },
  kdigo2024: {
    name: 'Kidney Disease: Improving Global Outcomes (KDIGO) CKD Work Group. KDIGO 2024 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int 2024;105(4S):S117–S314',
    year: 2024,
    url: 'https://kdigo.org/guidelines/ckd-evaluation-and-management/',
  },
  iso15189_2022: {
    name: 'ISO 15189:2022 Medical laboratories — Requirements for quality and competence, 7.4.1.3 (critical results: the laboratory notifies the user or another authorized person without delay)',
    year: 2022,
  },
  clsiGp47: {
    name: 'CLSI. Management of Critical- and Significant-Risk Results. 1st ed. CLSI guideline GP47. Wayne, PA: Clinical and Laboratory Standards Institute; 2015',
    year: 2015,
  },
  saudiEmergencyNumbers: {
    name: 'Saudi Red Crescent Authority: ambulance 997; National Center for Security Operations: unified emergency number 911 (Saudi national portal my.gov.sa, emergency numbers)',
    year: 2024,
    url: 'https://www.my.gov.sa/',
  },
  ata2017Pregnancy: {
    name: 'Alexander EK et al. 2017 Guidelines of the American Thyroid Association for the Diagnosis and Management of Thyroid Disease During Pregnancy and the Postpartum. Thyroid 2017;27(3):315–389',
    year: 2017,
  },
  clsiEp28: {
    name: 'CLSI. Defining, Establishing, and Verifying Reference Intervals in the Clinical Laboratory. 3rd ed. CLSI guideline EP28-A3c. Wayne, PA: Clinical and Laboratory Standards Institute; 2010 (a reference interval is the central 95% of healthy people)',
    year: 2010,
  },
  acgLiver2017: {
    name: 'Kwo PY, Cohen SM, Lim JK. ACG Clinical Guideline: Evaluation of Abnormal Liver Chemistries. Am J Gastroenterol 2017;112(1):18–35',
    year: 2017,
  },
  easlHaemochromatosis2022: {
    name: 'European Association for the Study of the Liver. EASL Clinical Practice Guidelines on haemochromatosis. J Hepatol 2022;77(2):479–502',
    year: 2022,
  },
  acrGout2020: {
    name: 'FitzGerald JD et al. 2020 American College of Rheumatology Guideline for the Management of Gout. Arthritis Care Res 2020;72(6):744–760',
    year: 2020,
  },
  fraserRcv2011: {
    name: 'Fraser CG. Reference change values. Clin Chem Lab Med 2011;50(5):807–812',
    year: 2011,
  },
  eflmBiologicalVariation: {
    name: 'EFLM Biological Variation Database (Aarsand AK et al.), within-subject biological variation estimates',
    year: 2024,
    url: 'https://biologicalvariation.eu',
  },
  eubivas2022: {
    name: 'Carobene A, Aarsand AK, Bartlett WA, et al. The European Biological Variation Study (EuBIVAS): a summary report. Clin Chem Lab Med 2022;60(4):505–517',
    year: 2022,
  },
  coskun2018Haematology: {
    name: 'Coskun A, Carobene A, Kilercik M, et al. Within-subject and between-subject biological variation estimates of 21 hematological parameters in 30 healthy subjects. Clin Chem Lab Med 2018;56(8):1309–1318',
    year: 2018,
  },
  cavalier2021VitaminD: {
    name: 'Cavalier E, Fraser CG, Bhattoa HP, et al. Analytical Performance Specifications for 25-Hydroxyvitamin D Examinations. Nutrients 2021;13(2):431',
    year: 2021,
  },
  ricos2014: {
    name: 'Ricos C, Alvarez V, Cava F, et al. Current databases on biological variation: pros, cons and progress. Scand J Clin Lab Invest 1999;59:491–500; desirable specifications database, 2014 update (Westgard QC)',
    year: 2014,
    url: 'https://www.westgard.com/biodatabase1.htm',
  },
  who2006Brucellosis: {
    name: 'Corbel MJ. Brucellosis in humans and animals. World Health Organization, Food and Agriculture Organization of the United Nations, World Organisation for Animal Health. Geneva: WHO; 2006 (WHO/CDS/EPR/2006.7)',
    year: 2006,
  },
  medlinePlusLabTests: {
    name: 'MedlinePlus Medical Tests, U.S. National Library of Medicine',
    year: 2024,
    url: 'https://medlineplus.gov/lab-tests/',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof sources;

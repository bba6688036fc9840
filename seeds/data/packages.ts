// The demo's packages (issue #79 item 1): what labs in the Kingdom sell as bundles, made of catalogue
// tests by their English names (seeds/data/tests.ts), at three labs, several holding the same tests so
// that comparing them shows what differs. `pending` waits for the admin (the demo's review queue).

export interface SeedPackage {
  /** The owning lab: its index in seeds/data/labs.ts (0 is the demo's lab account). */
  lab: number;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  categoryId: number;
  tests: string[];
  priceSar: number;
  suitsSex?: 'female' | 'male';
  minAge?: number;
  maxAge?: number;
  pending?: true;
}

const CBC = 'Complete Blood Count (CBC)';
const FBS = 'Fasting Blood Glucose (FBS)';
const HBA1C = 'Glycated Hemoglobin (HbA1c)';
const LIPIDS = 'Lipid Profile';
const LFT = 'Liver Function Test (LFT)';
const KFT = 'Kidney Function Test (KFT)';
const TSH = 'Thyroid Stimulating Hormone (TSH)';
const VIT_D = 'Vitamin D (25-OH)';
const B12 = 'Vitamin B12';
const FERRITIN = 'Ferritin';
const FOLATE = 'Folic Acid (Folate)';
const URINE = 'Urine Analysis (Urinalysis)';

export const seedPackages: SeedPackage[] = [
  {
    lab: 0,
    nameEn: 'Complete Check-up',
    nameAr: 'باقة الفحص المتكامل',
    descriptionEn:
      'A yearly check of blood count, sugar, cholesterol, liver, kidneys, thyroid and the vitamins most people in the Kingdom run low on, in one visit.',
    descriptionAr:
      'فحص سنوي لصورة الدم والسكر والدهون ووظائف الكبد والكلى والغدة الدرقية والفيتامينات التي ينقص أكثرها لدى كثيرين في المملكة، في زيارة واحدة.',
    categoryId: 1,
    tests: [CBC, FBS, HBA1C, LIPIDS, LFT, KFT, TSH, VIT_D, B12, FERRITIN, URINE],
    priceSar: 599,
  },
  {
    lab: 0,
    nameEn: "Women's Health Package",
    nameAr: 'باقة صحة المرأة',
    descriptionEn:
      'Iron stores, folate, vitamin D, calcium and thyroid: what tiredness, hair loss and pregnancy planning most often call for.',
    descriptionAr: 'مخزون الحديد وحمض الفوليك وفيتامين د والكالسيوم والغدة الدرقية: أكثر ما يُطلب عند الإرهاق وتساقط الشعر والتخطيط للحمل.',
    categoryId: 11,
    tests: [CBC, FERRITIN, FOLATE, VIT_D, 'Calcium (Serum)', TSH],
    priceSar: 449,
    suitsSex: 'female',
    minAge: 18,
  },
  {
    lab: 0,
    nameEn: 'Diabetes Follow-up Package',
    nameAr: 'باقة متابعة السكري',
    descriptionEn:
      'The tests a person with diabetes repeats every three to six months: sugar control, kidneys, urine albumin and cholesterol.',
    descriptionAr: 'الفحوصات التي يكررها مريض السكري كل ثلاثة إلى ستة أشهر: ضبط السكر ووظائف الكلى وزلال البول والدهون.',
    categoryId: 3,
    tests: [FBS, HBA1C, KFT, 'Urine Microalbumin', LIPIDS],
    priceSar: 299,
  },
  {
    lab: 0,
    nameEn: 'Ramadan Check',
    nameAr: 'باقة فحص رمضان',
    descriptionEn:
      'Before the fast: sugar, kidneys and salts, and a blood count, so fasting is planned with your doctor on what the numbers say.',
    descriptionAr: 'قبل الصيام: السكر ووظائف الكلى والأملاح وصورة الدم، ليُخطَّط الصيام مع طبيبك بناءً على النتائج.',
    categoryId: 1,
    tests: [FBS, HBA1C, KFT, 'Electrolytes (Sodium, Potassium, Chloride)', CBC],
    priceSar: 259,
    pending: true,
  },
  {
    lab: 1,
    nameEn: 'Full Body Check-up',
    nameAr: 'باقة فحص الجسم الكامل',
    descriptionEn: 'Blood count, sugar, cholesterol, liver, kidneys, the full thyroid panel, vitamin D, iron and uric acid.',
    descriptionAr: 'صورة الدم والسكر والدهون ووظائف الكبد والكلى ولوحة الغدة الدرقية الكاملة وفيتامين د والحديد وحمض اليوريك.',
    categoryId: 1,
    tests: [CBC, FBS, LIPIDS, LFT, KFT, 'Thyroid Function Panel (TSH, Free T4, Free T3)', VIT_D, 'Serum Iron and TIBC', 'Uric Acid'],
    priceSar: 549,
  },
  {
    lab: 1,
    nameEn: 'Vitamins and Minerals Package',
    nameAr: 'باقة الفيتامينات والمعادن',
    descriptionEn: 'Vitamin D, B12 and folate, iron stores, calcium, magnesium and zinc.',
    descriptionAr: 'فيتامين د وب12 وحمض الفوليك ومخزون الحديد والكالسيوم والمغنيسيوم والزنك.',
    categoryId: 6,
    tests: [VIT_D, B12, FOLATE, FERRITIN, 'Calcium (Serum)', 'Magnesium', 'Zinc'],
    priceSar: 399,
  },
  {
    lab: 1,
    nameEn: 'Pre-marital Screening',
    nameAr: 'باقة فحص ما قبل الزواج',
    descriptionEn:
      "The blood tests of the Kingdom's pre-marital programme: blood count, haemoglobin types (sickle cell and thalassaemia), blood group, hepatitis B and C, and HIV.",
    descriptionAr:
      'تحاليل برنامج الفحص قبل الزواج في المملكة: صورة الدم وأنواع الهيموجلوبين (الأنيميا المنجلية والثلاسيميا) وفصيلة الدم والتهاب الكبد ب وج وفيروس نقص المناعة.',
    categoryId: 2,
    tests: [
      CBC,
      'Hemoglobin Electrophoresis',
      'Blood Group and Rh Factor',
      'Hepatitis B Surface Antigen (HBsAg)',
      'Hepatitis C Antibody (Anti-HCV)',
      'HIV 1 and 2 (Antigen-Antibody)',
    ],
    priceSar: 349,
    minAge: 16,
  },
  {
    lab: 2,
    nameEn: 'Heart Health Package',
    nameAr: 'باقة صحة القلب',
    descriptionEn: 'Cholesterol, inflammation (hs-CRP), sugar and homocysteine: the blood side of a heart risk check.',
    descriptionAr: 'الدهون والالتهاب (hs-CRP) والسكر والهوموسيستين: الجانب الدموي من تقييم خطر أمراض القلب.',
    categoryId: 4,
    tests: [LIPIDS, 'High-Sensitivity CRP (hs-CRP)', FBS, HBA1C, 'Homocysteine'],
    priceSar: 379,
    minAge: 30,
  },
  {
    lab: 2,
    nameEn: 'Thyroid Package',
    nameAr: 'باقة الغدة الدرقية',
    descriptionEn: 'TSH, free T4 and free T3, and thyroid antibodies (anti-TPO).',
    descriptionAr: 'الهرمون المنشط للغدة الدرقية وT4 وT3 الحران وأجسام الغدة المضادة (Anti-TPO).',
    categoryId: 5,
    tests: [TSH, 'Free Thyroxine (Free T4)', 'Free Triiodothyronine (Free T3)', 'Anti-Thyroid Peroxidase (Anti-TPO)'],
    priceSar: 249,
  },
  {
    lab: 2,
    nameEn: "Men's Health Package",
    nameAr: 'باقة صحة الرجل',
    descriptionEn: 'Blood count, PSA, testosterone, vitamin D and cholesterol, for men from forty.',
    descriptionAr: 'صورة الدم ومستضد البروستاتا النوعي والتستوستيرون وفيتامين د والدهون، للرجال من سن الأربعين.',
    categoryId: 1,
    tests: [CBC, 'Prostate-Specific Antigen (PSA)', 'Testosterone (Total)', VIT_D, LIPIDS],
    priceSar: 499,
    suitsSex: 'male',
    minAge: 40,
  },
];

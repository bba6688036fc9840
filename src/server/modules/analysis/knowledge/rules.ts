import type { Bilingual, Condition, PatternRule } from './format.ts';
import { ACR, acrIn, EGFR, egfrIn } from './kidney-stages.ts';

// Patterns across a person's values from one visit (issue #54, ADR 0063). Each rule names the
// guideline its thresholds come from and carries its test cases, boundaries included; the unit test
// runs every case (tests/unit/analysis-rules.test.ts). Adding a rule is adding an entry here.
//
// Texts say what a pattern is commonly seen with, never what the reader has; every one leaves the
// meaning to the reader's doctor. Thresholds are in the unit the condition names (converted from the
// unit the lab reported). Review: transcribed from the sources named; to be checked by a clinician.

// LOINC codes, named once.
const HAEMOGLOBIN = '718-7';
const MCV = '787-2';
const FERRITIN = '2276-4';
const TRANSFERRIN_SATURATION = '2502-3';
const HBA1C = '4548-4';
const FASTING_GLUCOSE = '1558-6';
const VITAMIN_D = '62292-8';
const TRIGLYCERIDES = '2571-8';
const HDL = '2085-9';
const LDL = '13457-7';
const TSH = '3016-3';
const FREE_T4 = '3024-7';
const CREATININE = '2160-0';
const ALT = '1742-6';
const AST = '1920-8';
const ALP = '6768-6';
const GGT = '2324-2';
const B12 = '2132-9';
const FOLATE = '2284-8';
const URIC_ACID = '3084-1';
const IRON = '2498-4';
const HB_A2 = '4551-8';

/** Anaemia by WHO 2024's haemoglobin cut-offs for people 15 and over (non-pregnant women 12.0, men 13.0 g/dL). */
const anaemic: Condition = {
  all: [
    { age: { gte: 15 } },
    {
      any: [
        { all: [{ sex: 'female' }, { loinc: HAEMOGLOBIN, unit: 'g/dL', lt: 12 }] },
        { all: [{ sex: 'male' }, { loinc: HAEMOGLOBIN, unit: 'g/dL', lt: 13 }] },
      ],
    },
  ],
};
const lowFerritin: Condition = { loinc: FERRITIN, unit: 'ng/mL', lt: 30 };
const microcytic: Condition = { loinc: MCV, unit: 'fL', lt: 80 };
/** NCEP ATP III's low HDL: below 40 mg/dL in men, below 50 in women. */
const lowHdl: Condition = {
  any: [
    { all: [{ sex: 'male' }, { loinc: HDL, unit: 'mg/dL', lt: 40 }] },
    { all: [{ sex: 'female' }, { loinc: HDL, unit: 'mg/dL', lt: 50 }] },
  ],
};
// What every eGFR and ACR finding says, once (KDIGO 2024, chapter 1: chronicity, and reading GFR with albuminuria).
const EGFR_THREE_MONTHS: Bilingual = {
  en: 'One result places a value in a category, not a person in a stage: KDIGO counts chronic kidney disease only when it lasts more than 3 months, so a single result is repeated in about 3 months to know.',
  ar: 'النتيجة الواحدة تضع القيمة في فئة ولا تحدد حالة الشخص: فإرشادات KDIGO لا تَعدّ مرض الكلى المزمن قائمًا إلا إذا استمر أكثر من 3 أشهر، لذا تُعاد النتيجة الواحدة بعد نحو 3 أشهر للتأكد.',
};
const EGFR_NOT_LEFT: Bilingual = {
  en: 'KDIGO counts chronic kidney disease only when it lasts more than 3 months, but a value this low is not left for 3 months: your doctor will repeat it soon, as dehydration or an illness can lower a single result for a short time.',
  ar: 'لا تَعدّ إرشادات KDIGO مرض الكلى المزمن قائمًا إلا إذا استمر أكثر من 3 أشهر، لكن قيمة بهذا الانخفاض لا تُترك 3 أشهر: فسيعيد طبيبك الفحص قريبًا، إذ قد يخفض الجفاف أو المرض النتيجةَ الواحدة مدة قصيرة.',
};
const EGFR_ONE_RESULT: Bilingual = {
  en: 'A single result can also be lowered by dehydration, a large meat meal or creatine supplements before the test, and some medicines.',
  ar: 'وقد تنخفض النتيجة الواحدة أيضًا بسبب الجفاف أو تناول وجبة كبيرة من اللحم أو مكمّلات الكرياتين قبل الفحص، وبعض الأدوية.',
};
const EGFR_WITH_ALBUMIN: Bilingual = {
  en: 'KDIGO reads it together with the urine albumin (ACR): where this visit has one, its category, A1 to A3, is shown beside the G category.',
  ar: 'وتقرؤه إرشادات KDIGO مع الألبومين في البول (ACR): فإذا كان في هذه الزيارة ظهرت فئته، من A1 إلى A3، بجانب فئة G.',
};
const EGFR_CALCULATED: Bilingual = {
  en: 'Where your lab did not report it, it is calculated from your creatinine, age and sex by the CKD-EPI 2021 equation.',
  ar: 'إذا لم يذكره مختبرك فهو محسوب من الكرياتينين والعمر والجنس بمعادلة CKD-EPI 2021.',
};
const EGFR_AT_ONCE: Bilingual = {
  en: 'If very little urine, new swelling, breathlessness, confusion or repeated vomiting appear, seek emergency care at once.',
  ar: 'وإن قلّ البول كثيرًا أو ظهر تورم جديد أو ضيق في التنفس أو تشوش أو قيء متكرر فاطلب الرعاية الطارئة فورًا.',
};
const ACR_TWO_OF_THREE: Bilingual = {
  en: 'KDIGO counts increased albumin in the urine when it is found in two of three samples over three to six months, so a single result is repeated; heavy exercise, a fever or an infection in the urine can raise it for a day.',
  ar: 'تَعدّ إرشادات KDIGO زيادة الألبومين في البول قائمة إذا وُجدت في عيّنتين من ثلاث خلال ثلاثة إلى ستة أشهر، لذا تُعاد النتيجة الواحدة؛ وقد ترفعها ليوم واحد التمارين الشاقة أو الحمّى أو التهاب المسالك البولية.',
};
const ACR_WITH_EGFR: Bilingual = {
  en: 'It is commonly checked in people with diabetes or high blood pressure, and read with the eGFR: where this visit has one, its G category is shown beside the A category.',
  ar: 'تُفحص عادةً لدى مرضى السكري أو ارتفاع ضغط الدم، وتُقرأ مع eGFR: فإذا كان في هذه الزيارة ظهرت فئته G بجانب فئة A.',
};

const high = (loinc: string): Condition => ({ loinc, flag: ['H', 'HH'] });
const low = (loinc: string): Condition => ({ loinc, flag: ['L', 'LL'] });
const normal = (loinc: string): Condition => ({ loinc, flag: ['N'] });

export const rules: PatternRule[] = [
  // ───────────── Blood and iron ─────────────
  {
    id: 'iron-deficiency-anaemia-pattern',
    version: 1,
    inputs: [HAEMOGLOBIN, MCV, FERRITIN],
    when: { all: [anaemic, microcytic, lowFerritin] },
    severity: 'discuss',
    title: { en: 'A pattern often seen with iron-deficiency anaemia', ar: 'نمطٌ يُرى عادةً مع فقر الدم الناتج عن نقص الحديد' },
    explanation: {
      en: 'Your haemoglobin is below the level used to define anaemia, your red cells are smaller than usual (low MCV) and your ferritin, the body’s iron store, is low. Together these are commonly seen when the body lacks iron: from diet, heavy periods, pregnancy, blood donation, or blood loss from the gut. Only a doctor can find the cause; do not start iron tablets without asking, as the cause matters more than the number.',
      ar: 'الهيموغلوبين لديك أقل من الحدّ المعتمد لتعريف فقر الدم، وكريات الدم الحمراء أصغر من المعتاد (انخفاض MCV)، والفيريتين -وهو مخزون الحديد في الجسم- منخفض. يُرى هذا النمط عادةً عند نقص الحديد في الجسم، سواء بسبب الغذاء أو غزارة الدورة الشهرية أو الحمل أو التبرع بالدم أو فقدان دم من الجهاز الهضمي. الطبيب وحده يستطيع تحديد السبب؛ لا تبدأ بتناول أقراص الحديد قبل استشارته، فمعرفة السبب أهم من الرقم.',
    },
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    followUp: [IRON, TRANSFERRIN_SATURATION],
    cases: [
      {
        name: 'a woman with Hb 10.9, MCV 76, ferritin 9',
        sex: 'female',
        age: 34,
        values: { [HAEMOGLOBIN]: 10.9, [MCV]: 76, [FERRITIN]: 9 },
        expect: true,
      },
      {
        name: 'Hb exactly 12.0 in a woman is not anaemia',
        sex: 'female',
        age: 34,
        values: { [HAEMOGLOBIN]: 12, [MCV]: 76, [FERRITIN]: 9 },
        expect: false,
      },
      {
        name: 'Hb 12.9 in a man is anaemia',
        sex: 'male',
        age: 40,
        values: { [HAEMOGLOBIN]: 12.9, [MCV]: 74, [FERRITIN]: 12 },
        expect: true,
      },
      {
        name: 'MCV exactly 80 is not microcytic',
        sex: 'female',
        age: 34,
        values: { [HAEMOGLOBIN]: 10.9, [MCV]: 80, [FERRITIN]: 9 },
        expect: false,
      },
      {
        name: 'ferritin exactly 30 is not low',
        sex: 'female',
        age: 34,
        values: { [HAEMOGLOBIN]: 10.9, [MCV]: 76, [FERRITIN]: 30 },
        expect: false,
      },
      {
        name: 'without a ferritin the pattern is not claimed',
        sex: 'female',
        age: 34,
        values: { [HAEMOGLOBIN]: 10.9, [MCV]: 76 },
        expect: false,
      },
    ],
  },
  {
    id: 'low-iron-stores',
    version: 1,
    inputs: [FERRITIN, HAEMOGLOBIN],
    when: { all: [lowFerritin, { not: anaemic }] },
    severity: 'info',
    title: { en: 'Iron stores are low, without anaemia', ar: 'مخزون الحديد منخفض دون فقر دم' },
    explanation: {
      en: 'Your ferritin is low while your haemoglobin is not below the anaemia level. Low iron stores are common, especially in women with periods, in pregnancy and in people who eat little meat, and can come before anaemia. Ask your doctor whether you need iron and why your stores are low.',
      ar: 'الفيريتين لديك منخفض بينما الهيموغلوبين ليس أدنى من حدّ فقر الدم. انخفاض مخزون الحديد شائع، خاصةً لدى النساء بسبب الدورة الشهرية، وفي الحمل، ولدى من يتناولون قليلًا من اللحوم، وقد يسبق ظهور فقر الدم. اسأل طبيبك هل تحتاج إلى الحديد، ولماذا انخفض المخزون.',
    },
    sources: ['camaschella2015', 'who2024Haemoglobin'],
    followUp: [HAEMOGLOBIN],
    cases: [
      {
        name: 'ferritin 18 with Hb 12.8 in a woman',
        sex: 'female',
        age: 29,
        values: { [FERRITIN]: 18, [HAEMOGLOBIN]: 12.8 },
        expect: true,
      },
      {
        name: 'ferritin 18 with anaemia is the other pattern',
        sex: 'female',
        age: 29,
        values: { [FERRITIN]: 18, [HAEMOGLOBIN]: 11 },
        expect: false,
      },
      { name: 'without a haemoglobin it is not claimed', sex: 'female', age: 29, values: { [FERRITIN]: 18 }, expect: false },
      { name: 'ferritin 29.9 is low', sex: 'male', age: 50, values: { [FERRITIN]: 29.9, [HAEMOGLOBIN]: 14 }, expect: true },
    ],
  },
  {
    id: 'small-red-cells-normal-iron',
    version: 1,
    inputs: [MCV, FERRITIN],
    when: { all: [microcytic, { loinc: FERRITIN, unit: 'ng/mL', gte: 30 }] },
    severity: 'discuss',
    title: { en: 'Small red cells with normal iron stores', ar: 'كريات حمراء صغيرة مع مخزون حديد طبيعي' },
    explanation: {
      en: 'Your red cells are smaller than usual (low MCV) but your iron stores are not low. Besides iron, small red cells are commonly seen with inherited haemoglobin traits such as thalassaemia trait, which are frequent in the Gulf and usually harmless to the carrier but matter before marriage and pregnancy. A doctor may suggest haemoglobin electrophoresis.',
      ar: 'كريات الدم الحمراء لديك أصغر من المعتاد (انخفاض MCV) لكن مخزون الحديد ليس منخفضًا. إلى جانب نقص الحديد، تُرى الكريات الصغيرة عادةً مع صفات وراثية في الهيموغلوبين مثل حمل صفة الثلاسيميا، وهي شائعة في منطقة الخليج ولا تضرّ حاملها غالبًا، لكنها مهمة قبل الزواج والحمل. قد يقترح الطبيب إجراء فحص الفصل الكهربائي للهيموغلوبين.',
    },
    sources: ['camaschella2015'],
    followUp: [HB_A2],
    cases: [
      { name: 'MCV 68 with ferritin 85', sex: 'male', age: 25, values: { [MCV]: 68, [FERRITIN]: 85 }, expect: true },
      { name: 'ferritin exactly 30 counts as not low', sex: 'male', age: 25, values: { [MCV]: 68, [FERRITIN]: 30 }, expect: true },
      { name: 'MCV 82 is not small', sex: 'male', age: 25, values: { [MCV]: 82, [FERRITIN]: 85 }, expect: false },
    ],
  },
  {
    id: 'b12-deficiency-large-red-cells',
    version: 1,
    inputs: [B12, MCV],
    when: {
      all: [
        { loinc: B12, unit: 'pg/mL', lt: 200 },
        { loinc: MCV, unit: 'fL', gt: 100 },
      ],
    },
    severity: 'discuss',
    title: { en: 'Low vitamin B12 with large red cells', ar: 'انخفاض فيتامين ب12 مع كبر حجم كريات الدم الحمراء' },
    explanation: {
      en: 'Your vitamin B12 is below the level commonly used for deficiency and your red cells are larger than usual (high MCV). This pairing is commonly seen when the body lacks B12, for example with a diet without animal foods, long use of metformin or stomach-acid medicines, or poor absorption. Untreated B12 lack can affect the nerves, so discuss it with your doctor soon rather than waiting.',
      ar: 'فيتامين ب12 لديك أقل من الحدّ المعتاد لتعريف نقصه، وكريات الدم الحمراء أكبر من المعتاد (ارتفاع MCV). يُرى هذا الاقتران عادةً عند نقص ب12 في الجسم، مثلًا مع نظام غذائي خالٍ من الأطعمة الحيوانية، أو الاستخدام الطويل للميتفورمين أو أدوية حموضة المعدة، أو ضعف الامتصاص. قد يؤثر نقص ب12 غير المعالج في الأعصاب، لذا ناقشه مع طبيبك قريبًا ولا تؤجّل.',
    },
    sources: ['bshB12_2014'],
    followUp: [FOLATE],
    cases: [
      { name: 'B12 150 with MCV 108', sex: 'female', age: 61, values: { [B12]: 150, [MCV]: 108 }, expect: true },
      { name: 'B12 exactly 200 is not below the cut-off', sex: 'female', age: 61, values: { [B12]: 200, [MCV]: 108 }, expect: false },
      { name: 'MCV exactly 100 is not large', sex: 'female', age: 61, values: { [B12]: 150, [MCV]: 100 }, expect: false },
    ],
  },
  {
    id: 'iron-overload-pattern',
    version: 1,
    inputs: [TRANSFERRIN_SATURATION, FERRITIN],
    when: { all: [{ loinc: TRANSFERRIN_SATURATION, unit: '%', gt: 45 }, high(FERRITIN)] },
    severity: 'discuss',
    title: { en: 'High iron saturation with high ferritin', ar: 'ارتفاع تشبّع الحديد مع ارتفاع الفيريتين' },
    explanation: {
      en: 'Your transferrin saturation is above 45 % and your ferritin is above its range. Together these can be a sign the body holds more iron than it needs, which has inherited and other causes; iron supplements, recent blood transfusions and a sample taken after a meal can also raise them. A doctor usually repeats the test on a fasting morning sample before going further.',
      ar: 'تشبّع الترانسفيرين لديك أعلى من 45٪ والفيريتين أعلى من مداه. قد يدلّ اجتماعهما على أن الجسم يختزن حديدًا أكثر من حاجته، ولذلك أسباب وراثية وغيرها، وقد يرفعهما أيضًا تناول مكمّلات الحديد أو نقل دم حديث أو أخذ العيّنة بعد وجبة. عادةً يعيد الطبيب الفحص على عيّنة صباحية صائمة قبل أي خطوة أخرى.',
    },
    sources: ['easlHaemochromatosis2022'],
    cases: [
      {
        name: 'saturation 62 % with ferritin flagged high',
        sex: 'male',
        age: 45,
        values: { [TRANSFERRIN_SATURATION]: 62, [FERRITIN]: [820, 'H'] },
        expect: true,
      },
      {
        name: 'saturation exactly 45 % is not above',
        sex: 'male',
        age: 45,
        values: { [TRANSFERRIN_SATURATION]: 45, [FERRITIN]: [820, 'H'] },
        expect: false,
      },
      {
        name: 'ferritin within range',
        sex: 'male',
        age: 45,
        values: { [TRANSFERRIN_SATURATION]: 62, [FERRITIN]: [150, 'N'] },
        expect: false,
      },
    ],
  },
  // ───────────── Blood sugar ─────────────
  {
    id: 'hba1c-prediabetes',
    version: 1,
    inputs: [HBA1C],
    when: { loinc: HBA1C, unit: '%', gte: 5.7, lt: 6.5 },
    severity: 'discuss',
    title: { en: 'HbA1c in the prediabetes range', ar: 'السكر التراكمي (HbA1c) في نطاق مقدمات السكري' },
    explanation: {
      en: 'Your HbA1c is between 5.7 % and 6.4 %, the range the American Diabetes Association calls prediabetes: blood sugar has been higher than usual over the last two to three months, but not in the diabetes range. It is common, and weight loss, activity and diet often bring it down. Some conditions that change red cells (anaemia, haemoglobin traits, recent blood loss) can make HbA1c read higher or lower. Discuss it with your doctor, who may check it again in a few months.',
      ar: 'السكر التراكمي (HbA1c) لديك بين 5.7٪ و6.4٪، وهو النطاق الذي تسمّيه الجمعية الأمريكية للسكري «مقدمات السكري»: أي أن سكر الدم كان أعلى من المعتاد خلال الشهرين أو الثلاثة الماضية دون أن يبلغ نطاق السكري. هذا شائع، وكثيرًا ما ينخفض بإنقاص الوزن والنشاط البدني وتعديل الغذاء. بعض الحالات التي تؤثر في كريات الدم الحمراء (فقر الدم، الصفات الوراثية في الهيموغلوبين، فقدان دم حديث) قد تجعل قراءة HbA1c أعلى أو أقل. ناقش النتيجة مع طبيبك، فقد يعيد الفحص بعد بضعة أشهر.',
    },
    sources: ['ada2025'],
    followUp: [FASTING_GLUCOSE],
    retest: { loinc: HBA1C, months: 3 },
    cases: [
      { name: '5.9 % is prediabetes', values: { [HBA1C]: 5.9 }, expect: true },
      { name: 'exactly 5.7 % is prediabetes', values: { [HBA1C]: 5.7 }, expect: true },
      { name: '5.6 % is not', values: { [HBA1C]: 5.6 }, expect: false },
      { name: '6.4 % is prediabetes', values: { [HBA1C]: 6.4 }, expect: true },
      { name: 'exactly 6.5 % is the diabetes range, not prediabetes', values: { [HBA1C]: 6.5 }, expect: false },
    ],
  },
  {
    id: 'hba1c-diabetes-range',
    version: 1,
    inputs: [HBA1C],
    when: { loinc: HBA1C, unit: '%', gte: 6.5 },
    severity: 'soon',
    title: { en: 'HbA1c in the range used to diagnose diabetes', ar: 'السكر التراكمي (HbA1c) في النطاق المستخدم لتشخيص السكري' },
    explanation: {
      en: 'Your HbA1c is 6.5 % or higher, the level the American Diabetes Association uses to diagnose diabetes when a second test agrees. One result is not a diagnosis: a doctor confirms it with a repeat test or a glucose test, and looks at the whole picture. Book a visit with your doctor soon; if you are very thirsty, pass a lot of urine or lose weight without trying, go sooner.',
      ar: 'السكر التراكمي (HbA1c) لديك 6.5٪ أو أعلى، وهو المستوى الذي تعتمده الجمعية الأمريكية للسكري لتشخيص السكري إذا أكّده فحص ثانٍ. نتيجة واحدة لا تعني تشخيصًا: يؤكّد الطبيب ذلك بإعادة الفحص أو بفحص سكر الدم، وينظر إلى الصورة كاملة. احجز موعدًا مع طبيبك قريبًا، وإن كنت تشعر بعطش شديد أو كثرة التبوّل أو فقدان وزن دون سبب فراجعه في أقرب وقت.',
    },
    sources: ['ada2025'],
    followUp: [FASTING_GLUCOSE],
    cases: [
      { name: 'exactly 6.5 %', values: { [HBA1C]: 6.5 }, expect: true },
      { name: '8.2 %', values: { [HBA1C]: 8.2 }, expect: true },
      { name: '6.4 % is not', values: { [HBA1C]: 6.4 }, expect: false },
    ],
  },
  {
    id: 'fasting-glucose-impaired',
    version: 1,
    inputs: [FASTING_GLUCOSE],
    when: { loinc: FASTING_GLUCOSE, unit: 'mg/dL', gte: 100, lt: 126 },
    severity: 'discuss',
    title: { en: 'Fasting glucose in the prediabetes range', ar: 'سكر الصيام في نطاق مقدمات السكري' },
    explanation: {
      en: 'Your fasting glucose is between 100 and 125 mg/dL, which the American Diabetes Association calls impaired fasting glucose, one form of prediabetes. A sample that was not truly fasting (anything but water in the 8 hours before), stress, illness and some medicines can raise it. Discuss it with your doctor; an HbA1c test shows the average over months.',
      ar: 'سكر الصيام لديك بين 100 و125 ملغم/دسل، وهو ما تسمّيه الجمعية الأمريكية للسكري «اختلال سكر الصيام»، أحد أشكال مقدمات السكري. قد يرتفع إذا لم تكن صائمًا تمامًا (أي شيء غير الماء خلال الساعات الثماني السابقة للعيّنة)، أو مع التوتر أو المرض أو بعض الأدوية. ناقش النتيجة مع طبيبك؛ ففحص السكر التراكمي (HbA1c) يُظهر المعدّل على مدى أشهر.',
    },
    sources: ['ada2025'],
    followUp: [HBA1C],
    cases: [
      { name: '104 mg/dL', values: { [FASTING_GLUCOSE]: 104 }, expect: true },
      { name: 'exactly 100 mg/dL', values: { [FASTING_GLUCOSE]: 100 }, expect: true },
      { name: '99 mg/dL is not', values: { [FASTING_GLUCOSE]: 99 }, expect: false },
      { name: 'exactly 126 mg/dL is the diabetes range', values: { [FASTING_GLUCOSE]: 126 }, expect: false },
    ],
  },
  {
    id: 'fasting-glucose-diabetes-range',
    version: 1,
    inputs: [FASTING_GLUCOSE],
    when: { loinc: FASTING_GLUCOSE, unit: 'mg/dL', gte: 126 },
    severity: 'soon',
    title: { en: 'Fasting glucose in the range used to diagnose diabetes', ar: 'سكر الصيام في النطاق المستخدم لتشخيص السكري' },
    explanation: {
      en: 'Your fasting glucose is 126 mg/dL or higher, the level the American Diabetes Association uses to diagnose diabetes when a second test agrees. If the sample was not fasting, the result cannot be read this way. Book a visit with your doctor soon to confirm it.',
      ar: 'سكر الصيام لديك 126 ملغم/دسل أو أعلى، وهو المستوى الذي تعتمده الجمعية الأمريكية للسكري لتشخيص السكري إذا أكّده فحص ثانٍ. إن لم تكن صائمًا عند أخذ العيّنة فلا تُقرأ النتيجة بهذه الطريقة. احجز موعدًا مع طبيبك قريبًا لتأكيدها.',
    },
    sources: ['ada2025'],
    followUp: [HBA1C],
    cases: [
      { name: 'exactly 126 mg/dL', values: { [FASTING_GLUCOSE]: 126 }, expect: true },
      { name: '125 mg/dL is not', values: { [FASTING_GLUCOSE]: 125 }, expect: false },
    ],
  },
  // ───────────── Vitamin D ─────────────
  {
    id: 'vitamin-d-deficiency',
    version: 1,
    inputs: [VITAMIN_D],
    when: { loinc: VITAMIN_D, unit: 'ng/mL', lt: 20 },
    severity: 'discuss',
    title: { en: 'Vitamin D in the deficiency range', ar: 'فيتامين د في نطاق النقص' },
    explanation: {
      en: 'Your 25-hydroxy vitamin D is below 20 ng/mL, which the Endocrine Society calls deficiency. It is very common in Saudi Arabia despite the sun, as most time is spent indoors and skin is covered. Low vitamin D matters for bones and muscles. Ask your doctor about the right dose of vitamin D for you; very high doses taken without advice can be harmful.',
      ar: 'فيتامين د (25-هيدروكسي) لديك أقل من 20 نانوغرام/مل، وهو ما تسمّيه جمعية الغدد الصمّاء «نقصًا». هذا شائع جدًّا في المملكة رغم وفرة الشمس، لقضاء معظم الوقت في الأماكن المغلقة وتغطية الجلد. لفيتامين د أهمية للعظام والعضلات. اسأل طبيبك عن الجرعة المناسبة لك، فالجرعات العالية جدًّا دون استشارة قد تضرّ.',
    },
    sources: ['endocrineVitaminD2011'],
    retest: { loinc: VITAMIN_D, months: 3 },
    cases: [
      { name: '12 ng/mL', values: { [VITAMIN_D]: 12 }, expect: true },
      { name: 'exactly 20 ng/mL is insufficiency, not deficiency', values: { [VITAMIN_D]: 20 }, expect: false },
      { name: '19.9 ng/mL', values: { [VITAMIN_D]: 19.9 }, expect: true },
    ],
  },
  {
    id: 'vitamin-d-insufficiency',
    version: 1,
    inputs: [VITAMIN_D],
    when: { loinc: VITAMIN_D, unit: 'ng/mL', gte: 20, lt: 30 },
    severity: 'info',
    title: { en: 'Vitamin D in the insufficiency range', ar: 'فيتامين د في نطاق عدم الكفاية' },
    explanation: {
      en: 'Your 25-hydroxy vitamin D is between 20 and 29 ng/mL, which the Endocrine Society calls insufficiency: not deficient, but below the level it recommends. Safe sun on the arms and legs, food and a supplement your doctor advises can raise it.',
      ar: 'فيتامين د (25-هيدروكسي) لديك بين 20 و29 نانوغرام/مل، وهو ما تسمّيه جمعية الغدد الصمّاء «عدم كفاية»: ليس نقصًا، لكنه أقل من المستوى الذي توصي به. يمكن رفعه بالتعرّض الآمن للشمس على الذراعين والساقين، وبالغذاء، وبمكمّل يوصي به طبيبك.',
    },
    sources: ['endocrineVitaminD2011'],
    retest: { loinc: VITAMIN_D, months: 3 },
    cases: [
      { name: 'exactly 20 ng/mL', values: { [VITAMIN_D]: 20 }, expect: true },
      { name: '29.9 ng/mL', values: { [VITAMIN_D]: 29.9 }, expect: true },
      { name: 'exactly 30 ng/mL is sufficient', values: { [VITAMIN_D]: 30 }, expect: false },
    ],
  },
  // ───────────── Lipids ─────────────
  {
    id: 'atherogenic-lipid-profile',
    version: 1,
    inputs: [TRIGLYCERIDES, HDL],
    when: { all: [{ loinc: TRIGLYCERIDES, unit: 'mg/dL', gte: 150 }, lowHdl] },
    severity: 'discuss',
    title: { en: 'High triglycerides with low HDL', ar: 'ارتفاع الدهون الثلاثية مع انخفاض الكوليسترول النافع (HDL)' },
    explanation: {
      en: 'Your triglycerides are 150 mg/dL or more and your HDL ("good" cholesterol) is low. This pairing, which the NCEP ATP III report counts among the signs of the metabolic syndrome, is commonly linked with a higher risk to the heart and blood vessels, and with excess weight, inactivity and insulin resistance. A sample taken without fasting, or during Ramadan eating hours, can raise triglycerides. Discuss your overall heart risk with your doctor.',
      ar: 'الدهون الثلاثية لديك 150 ملغم/دسل أو أكثر، والكوليسترول النافع (HDL) منخفض. يَعدّ تقرير NCEP ATP III هذا الاقتران من علامات المتلازمة الأيضية، ويرتبط عادةً بارتفاع الخطر على القلب والأوعية الدموية وبزيادة الوزن وقلة النشاط ومقاومة الإنسولين. قد ترتفع الدهون الثلاثية إذا أُخذت العيّنة دون صيام أو في ساعات الإفطار في رمضان. ناقش مع طبيبك مستوى الخطر على قلبك بوجه عام.',
    },
    sources: ['ncepAtp3'],
    cases: [
      { name: 'TG 182 with HDL 38 in a woman', sex: 'female', age: 44, values: { [TRIGLYCERIDES]: 182, [HDL]: 38 }, expect: true },
      { name: 'TG exactly 150 counts', sex: 'male', age: 44, values: { [TRIGLYCERIDES]: 150, [HDL]: 39 }, expect: true },
      { name: 'HDL exactly 40 in a man is not low', sex: 'male', age: 44, values: { [TRIGLYCERIDES]: 200, [HDL]: 40 }, expect: false },
      { name: 'HDL 45 in a woman is low', sex: 'female', age: 44, values: { [TRIGLYCERIDES]: 200, [HDL]: 45 }, expect: true },
      { name: 'TG 149 is not', sex: 'female', age: 44, values: { [TRIGLYCERIDES]: 149, [HDL]: 38 }, expect: false },
    ],
  },
  {
    id: 'ldl-high',
    version: 1,
    inputs: [LDL],
    when: { loinc: LDL, unit: 'mg/dL', gte: 160, lt: 190 },
    severity: 'discuss',
    title: { en: 'LDL cholesterol in the high range', ar: 'الكوليسترول الضار (LDL) في النطاق المرتفع' },
    explanation: {
      en: 'Your LDL ("bad" cholesterol) is between 160 and 189 mg/dL, which the NCEP ATP III report calls high. LDL over years builds up in the walls of the arteries. Whether and how to lower it depends on your overall heart risk (age, blood pressure, sugar, smoking, family history), which your doctor weighs.',
      ar: 'الكوليسترول الضار (LDL) لديك بين 160 و189 ملغم/دسل، وهو ما يسمّيه تقرير NCEP ATP III «مرتفعًا». يتراكم LDL على مرّ السنين في جدران الشرايين. أمّا خفضه وطريقة ذلك فيعتمدان على مستوى الخطر على قلبك بوجه عام (العمر، ضغط الدم، السكر، التدخين، التاريخ العائلي)، وهو ما يقدّره طبيبك.',
    },
    sources: ['ncepAtp3'],
    retest: { loinc: LDL, months: 3 },
    cases: [
      { name: 'exactly 160', values: { [LDL]: 160 }, expect: true },
      { name: '159 is borderline, not high', values: { [LDL]: 159 }, expect: false },
      { name: 'exactly 190 is very high instead', values: { [LDL]: 190 }, expect: false },
    ],
  },
  {
    id: 'ldl-very-high',
    version: 1,
    inputs: [LDL],
    when: { loinc: LDL, unit: 'mg/dL', gte: 190 },
    severity: 'soon',
    title: { en: 'LDL cholesterol in the very high range', ar: 'الكوليسترول الضار (LDL) في النطاق المرتفع جدًّا' },
    explanation: {
      en: 'Your LDL ("bad" cholesterol) is 190 mg/dL or more, which the NCEP ATP III report calls very high. At this level doctors often look for an inherited cause (familial hypercholesterolaemia), which also matters for your close relatives. Book a visit with your doctor soon.',
      ar: 'الكوليسترول الضار (LDL) لديك 190 ملغم/دسل أو أكثر، وهو ما يسمّيه تقرير NCEP ATP III «مرتفعًا جدًّا». عند هذا المستوى يبحث الأطباء عادةً عن سبب وراثي (فرط كوليسترول الدم العائلي)، وهذا مهم لأقاربك من الدرجة الأولى أيضًا. احجز موعدًا مع طبيبك قريبًا.',
    },
    sources: ['ncepAtp3'],
    cases: [
      { name: 'exactly 190', values: { [LDL]: 190 }, expect: true },
      { name: '189 is not', values: { [LDL]: 189 }, expect: false },
    ],
  },
  {
    id: 'triglycerides-very-high',
    version: 1,
    inputs: [TRIGLYCERIDES],
    when: { loinc: TRIGLYCERIDES, unit: 'mg/dL', gte: 500 },
    severity: 'soon',
    title: { en: 'Triglycerides in the very high range', ar: 'الدهون الثلاثية في النطاق المرتفع جدًّا' },
    explanation: {
      en: 'Your triglycerides are 500 mg/dL or more, which the NCEP ATP III report calls very high; at such levels lowering them also protects the pancreas. A recent meal raises triglycerides a great deal, so a doctor usually repeats the test fasting. Book a visit with your doctor soon; if you have severe pain in the upper belly, seek care at once.',
      ar: 'الدهون الثلاثية لديك 500 ملغم/دسل أو أكثر، وهو ما يسمّيه تقرير NCEP ATP III «مرتفعًا جدًّا»؛ وعند هذه المستويات يحمي خفضُها البنكرياسَ أيضًا. ترفع الوجبة الحديثة الدهون الثلاثية كثيرًا، لذا يعيد الطبيب الفحص عادةً على عيّنة صائمة. احجز موعدًا مع طبيبك قريبًا، وإن شعرت بألم شديد في أعلى البطن فاطلب الرعاية فورًا.',
    },
    sources: ['ncepAtp3'],
    cases: [
      { name: 'exactly 500', values: { [TRIGLYCERIDES]: 500 }, expect: true },
      { name: '499 is not', values: { [TRIGLYCERIDES]: 499 }, expect: false },
    ],
  },
  // ───────────── Thyroid ─────────────
  {
    id: 'thyroid-high-tsh-normal-ft4',
    version: 1,
    inputs: [TSH, FREE_T4],
    when: { all: [high(TSH), normal(FREE_T4)] },
    severity: 'discuss',
    title: { en: 'High TSH with a normal free T4', ar: 'ارتفاع TSH مع Free T4 طبيعي' },
    explanation: {
      en: 'Your TSH is above its range while your free T4 is within it. This pattern is commonly seen when the thyroid needs a little more push to make enough hormone (what guidelines call subclinical hypothyroidism), and also after an illness, with biotin supplements and with some medicines. Guidelines advise repeating TSH with free T4 before any treatment; discuss it with your doctor.',
      ar: 'هرمون TSH لديك أعلى من مداه بينما Free T4 ضمن مداه. يُرى هذا النمط عادةً عندما تحتاج الغدة الدرقية إلى تحفيز أكبر لتنتج ما يكفي من الهرمون (ما تسمّيه الإرشادات قصور الغدة الدرقية تحت السريري)، ويُرى أيضًا بعد مرض عارض، ومع مكمّلات البيوتين، وبعض الأدوية. توصي الإرشادات بإعادة فحص TSH مع Free T4 قبل أي علاج؛ ناقش النتيجة مع طبيبك.',
    },
    sources: ['ata2012Hypothyroidism'],
    retest: { loinc: TSH, months: 3 },
    cases: [
      { name: 'TSH flagged high with FT4 normal', values: { [TSH]: [7.2, 'H'], [FREE_T4]: [1.1, 'N'] }, expect: true },
      { name: 'TSH high with FT4 low is the other pattern', values: { [TSH]: [9, 'H'], [FREE_T4]: [0.6, 'L'] }, expect: false },
      { name: 'TSH alone is not claimed', values: { [TSH]: [7.2, 'H'] }, expect: false },
    ],
  },
  {
    id: 'thyroid-high-tsh-low-ft4',
    version: 1,
    inputs: [TSH, FREE_T4],
    when: { all: [high(TSH), low(FREE_T4)] },
    severity: 'soon',
    title: { en: 'High TSH with a low free T4', ar: 'ارتفاع TSH مع انخفاض Free T4' },
    explanation: {
      en: 'Your TSH is above its range and your free T4 below it. This pattern is commonly seen when the thyroid is underactive (hypothyroidism), which can cause tiredness, feeling cold, weight gain and constipation, and which matters especially in pregnancy or when planning one. Book a visit with your doctor soon.',
      ar: 'هرمون TSH لديك أعلى من مداه وFree T4 أدنى من مداه. يُرى هذا النمط عادةً مع خمول الغدة الدرقية (قصور الغدة الدرقية)، الذي قد يسبّب التعب والإحساس بالبرد وزيادة الوزن والإمساك، ويهمّ خاصةً في الحمل أو عند التخطيط له. احجز موعدًا مع طبيبك قريبًا.',
    },
    sources: ['ata2012Hypothyroidism'],
    cases: [
      { name: 'TSH high with FT4 low', values: { [TSH]: [12, 'H'], [FREE_T4]: [0.6, 'L'] }, expect: true },
      { name: 'TSH critically high with FT4 low', values: { [TSH]: [80, 'HH'], [FREE_T4]: [0.3, 'L'] }, expect: true },
      { name: 'TSH normal', values: { [TSH]: [2, 'N'], [FREE_T4]: [0.6, 'L'] }, expect: false },
    ],
  },
  {
    id: 'thyroid-low-tsh-high-ft4',
    version: 1,
    inputs: [TSH, FREE_T4],
    when: { all: [low(TSH), high(FREE_T4)] },
    severity: 'soon',
    title: { en: 'Low TSH with a high free T4', ar: 'انخفاض TSH مع ارتفاع Free T4' },
    explanation: {
      en: 'Your TSH is below its range and your free T4 above it. This pattern is commonly seen when the thyroid is overactive, or with too high a dose of thyroid hormone; biotin supplements can also produce it falsely. An overactive thyroid can cause a fast heartbeat, weight loss, shaking and heat intolerance. Book a visit with your doctor soon; with chest pain or a racing heart, seek care at once.',
      ar: 'هرمون TSH لديك أدنى من مداه وFree T4 أعلى من مداه. يُرى هذا النمط عادةً مع فرط نشاط الغدة الدرقية، أو مع جرعة زائدة من هرمون الغدة الدرقية، وقد تُحدثه مكمّلات البيوتين زيفًا. قد يسبّب فرط نشاط الغدة تسارع ضربات القلب ونقص الوزن والرجفة وعدم تحمّل الحرارة. احجز موعدًا مع طبيبك قريبًا، وإن شعرت بألم في الصدر أو خفقان شديد فاطلب الرعاية فورًا.',
    },
    sources: ['ata2016Hyperthyroidism'],
    cases: [
      { name: 'TSH low with FT4 high', values: { [TSH]: [0.01, 'L'], [FREE_T4]: [2.9, 'H'] }, expect: true },
      { name: 'TSH low with FT4 normal is the milder pattern', values: { [TSH]: [0.2, 'L'], [FREE_T4]: [1.4, 'N'] }, expect: false },
    ],
  },
  {
    id: 'thyroid-low-tsh-normal-ft4',
    version: 1,
    inputs: [TSH, FREE_T4],
    when: { all: [low(TSH), normal(FREE_T4)] },
    severity: 'discuss',
    title: { en: 'Low TSH with a normal free T4', ar: 'انخفاض TSH مع Free T4 طبيعي' },
    explanation: {
      en: 'Your TSH is below its range while your free T4 is within it. This is commonly seen with a mildly overactive thyroid, during recovery from an illness, in early pregnancy, and with thyroid hormone, steroid or biotin use. Guidelines advise repeating the test; discuss it with your doctor.',
      ar: 'هرمون TSH لديك أدنى من مداه بينما Free T4 ضمن مداه. يُرى هذا عادةً مع فرط نشاط خفيف في الغدة الدرقية، وفي فترة التعافي من مرض، وفي بداية الحمل، ومع تناول هرمون الغدة الدرقية أو الكورتيزون أو البيوتين. توصي الإرشادات بإعادة الفحص؛ ناقش النتيجة مع طبيبك.',
    },
    sources: ['ata2016Hyperthyroidism'],
    retest: { loinc: TSH, months: 3 },
    cases: [
      { name: 'TSH low with FT4 normal', values: { [TSH]: [0.2, 'L'], [FREE_T4]: [1.4, 'N'] }, expect: true },
      { name: 'both normal', values: { [TSH]: [1.5, 'N'], [FREE_T4]: [1.4, 'N'] }, expect: false },
    ],
  },
  // ───────────── Kidneys ─────────────
  // KDIGO 2024's GFR categories G2 to G5 and albuminuria categories A2 and A3 (./kidney-stages.ts),
  // each its own rule; their findings name both categories of the visit (e.g. G3a with A2). G1 alone
  // is no finding. Replaces egfr-below-60 (version 1) and albuminuria version 1 (30 mg/g and over).
  {
    id: 'egfr-g2',
    version: 1,
    inputs: [EGFR],
    when: egfrIn('G2'),
    severity: 'info',
    kdigoStage: true,
    title: {
      en: 'Kidney filtration (eGFR) in the range KDIGO calls G2',
      ar: 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G2',
    },
    explanation: {
      en: `Your estimated glomerular filtration rate, how much blood the kidneys filter, is in the range KDIGO calls G2 (60 to 89 mL/min/1.73 m², mildly decreased). On its own this is not kidney disease: KDIGO counts it only together with another sign of kidney damage, such as albumin in the urine, and filtration falls slowly with age in healthy people too. ${EGFR_ONE_RESULT.en} ${EGFR_WITH_ALBUMIN.en} ${EGFR_CALCULATED.en} Mention it at your next visit; your doctor may check your urine for albumin.`,
      ar: `معدل الترشيح الكبيبي المقدّر، أي كمية الدم التي تنقّيها الكليتان، في النطاق الذي تسمّيه إرشادات KDIGO فئة G2 (من 60 إلى 89 مل/دقيقة/1.73 م²، انخفاض طفيف). وهذا وحده ليس مرضًا في الكلى: فإرشادات KDIGO لا تَعدّه كذلك إلا مع علامة أخرى على تضرر الكلى، مثل وجود الألبومين في البول، كما أن الترشيح يتراجع ببطء مع التقدم في العمر لدى الأصحاء أيضًا. ${EGFR_ONE_RESULT.ar} ${EGFR_WITH_ALBUMIN.ar} ${EGFR_CALCULATED.ar} اذكر النتيجة في زيارتك القادمة؛ فقد يفحص طبيبك البول بحثًا عن الألبومين.`,
    },
    sources: ['kdigo2024', 'ckdEpi2021'],
    followUp: [ACR],
    cases: [
      { name: 'exactly 60 is G2', values: { [EGFR]: 60 }, expect: true },
      { name: '59 is below G2 (G3a)', values: { [EGFR]: 59 }, expect: false },
      { name: '89 is G2', values: { [EGFR]: 89 }, expect: true },
      { name: 'exactly 90 is above G2 (G1)', values: { [EGFR]: 90 }, expect: false },
      {
        name: 'eGFR calculated from creatinine 1.2 mg/dL, a man of 60 (69)',
        sex: 'male',
        age: 60,
        values: { [CREATININE]: 1.2 },
        expect: true,
      },
      {
        name: 'eGFR calculated from creatinine 1.0 mg/dL, a man of 50 (92, G1)',
        sex: 'male',
        age: 50,
        values: { [CREATININE]: 1 },
        expect: false,
      },
    ],
  },
  {
    id: 'egfr-g3a',
    version: 1,
    inputs: [EGFR],
    when: egfrIn('G3a'),
    severity: 'discuss',
    kdigoStage: true,
    title: {
      en: 'Kidney filtration (eGFR) in the range KDIGO calls G3a',
      ar: 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G3a',
    },
    explanation: {
      en: `Your estimated glomerular filtration rate, how much blood the kidneys filter, is in the range KDIGO calls G3a (45 to 59 mL/min/1.73 m², mildly to moderately decreased). ${EGFR_THREE_MONTHS.en} ${EGFR_ONE_RESULT.en} ${EGFR_WITH_ALBUMIN.en} ${EGFR_CALCULATED.en} Discuss it with your doctor; they usually repeat it with a urine albumin test.`,
      ar: `معدل الترشيح الكبيبي المقدّر، أي كمية الدم التي تنقّيها الكليتان، في النطاق الذي تسمّيه إرشادات KDIGO فئة G3a (من 45 إلى 59 مل/دقيقة/1.73 م²، انخفاض خفيف إلى متوسط). ${EGFR_THREE_MONTHS.ar} ${EGFR_ONE_RESULT.ar} ${EGFR_WITH_ALBUMIN.ar} ${EGFR_CALCULATED.ar} ناقش النتيجة مع طبيبك؛ فعادةً يعيد الفحص مع تحليل الألبومين في البول.`,
    },
    sources: ['kdigo2024', 'ckdEpi2021'],
    followUp: [ACR],
    retest: { loinc: CREATININE, months: 3 },
    cases: [
      { name: 'exactly 45 is G3a', values: { [EGFR]: 45 }, expect: true },
      { name: '44 is below G3a (G3b)', values: { [EGFR]: 44 }, expect: false },
      { name: '59 is G3a', values: { [EGFR]: 59 }, expect: true },
      { name: 'exactly 60 is above G3a (G2)', values: { [EGFR]: 60 }, expect: false },
    ],
  },
  {
    id: 'egfr-g3b',
    version: 1,
    inputs: [EGFR],
    when: egfrIn('G3b'),
    severity: 'soon',
    kdigoStage: true,
    title: {
      en: 'Kidney filtration (eGFR) in the range KDIGO calls G3b',
      ar: 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G3b',
    },
    explanation: {
      en: `Your estimated glomerular filtration rate, how much blood the kidneys filter, is in the range KDIGO calls G3b (30 to 44 mL/min/1.73 m², moderately to severely decreased). ${EGFR_THREE_MONTHS.en} ${EGFR_ONE_RESULT.en} ${EGFR_WITH_ALBUMIN.en} ${EGFR_CALCULATED.en} Book a visit with your doctor soon; they usually repeat it, check the urine for albumin and review your medicines, as some need a lower dose when filtration is low.`,
      ar: `معدل الترشيح الكبيبي المقدّر، أي كمية الدم التي تنقّيها الكليتان، في النطاق الذي تسمّيه إرشادات KDIGO فئة G3b (من 30 إلى 44 مل/دقيقة/1.73 م²، انخفاض متوسط إلى شديد). ${EGFR_THREE_MONTHS.ar} ${EGFR_ONE_RESULT.ar} ${EGFR_WITH_ALBUMIN.ar} ${EGFR_CALCULATED.ar} احجز موعدًا مع طبيبك قريبًا؛ فعادةً يعيد الفحص ويفحص البول بحثًا عن الألبومين ويراجع أدويتك، إذ يحتاج بعضها إلى جرعة أقل عند انخفاض الترشيح.`,
    },
    sources: ['kdigo2024', 'ckdEpi2021'],
    followUp: [ACR],
    retest: { loinc: CREATININE, months: 3 },
    cases: [
      { name: 'exactly 30 is G3b', values: { [EGFR]: 30 }, expect: true },
      { name: '29 is below G3b (G4)', values: { [EGFR]: 29 }, expect: false },
      { name: '44 is G3b', values: { [EGFR]: 44 }, expect: true },
      { name: 'exactly 45 is above G3b (G3a)', values: { [EGFR]: 45 }, expect: false },
      {
        name: 'eGFR calculated from creatinine 1.4 mg/dL, a woman of 66 (41)',
        sex: 'female',
        age: 66,
        values: { [CREATININE]: 1.4 },
        expect: true,
      },
    ],
  },
  {
    id: 'egfr-g4',
    version: 1,
    inputs: [EGFR],
    when: egfrIn('G4'),
    severity: 'soon',
    kdigoStage: true,
    title: {
      en: 'Kidney filtration (eGFR) in the range KDIGO calls G4',
      ar: 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G4',
    },
    explanation: {
      en: `Your estimated glomerular filtration rate, how much blood the kidneys filter, is in the range KDIGO calls G4 (15 to 29 mL/min/1.73 m², severely decreased). ${EGFR_NOT_LEFT.en} KDIGO advises that a person whose filtration stays below 30 be seen by a kidney specialist. ${EGFR_WITH_ALBUMIN.en} ${EGFR_CALCULATED.en} See your doctor within days. ${EGFR_AT_ONCE.en}`,
      ar: `معدل الترشيح الكبيبي المقدّر، أي كمية الدم التي تنقّيها الكليتان، في النطاق الذي تسمّيه إرشادات KDIGO فئة G4 (من 15 إلى 29 مل/دقيقة/1.73 م²، انخفاض شديد). ${EGFR_NOT_LEFT.ar} وتوصي إرشادات KDIGO بأن يتابع طبيبُ كلى من يبقى الترشيح لديه أقل من 30. ${EGFR_WITH_ALBUMIN.ar} ${EGFR_CALCULATED.ar} راجع طبيبك خلال أيام. ${EGFR_AT_ONCE.ar}`,
    },
    sources: ['kdigo2024', 'ckdEpi2021'],
    followUp: [ACR],
    cases: [
      { name: 'exactly 15 is G4', values: { [EGFR]: 15 }, expect: true },
      { name: '14 is below G4 (G5)', values: { [EGFR]: 14 }, expect: false },
      { name: '29 is G4', values: { [EGFR]: 29 }, expect: true },
      { name: 'exactly 30 is above G4 (G3b)', values: { [EGFR]: 30 }, expect: false },
      {
        name: 'eGFR calculated from creatinine 2.5 mg/dL, a man of 70 (27)',
        sex: 'male',
        age: 70,
        values: { [CREATININE]: 2.5 },
        expect: true,
      },
    ],
  },
  {
    id: 'egfr-g5',
    version: 1,
    inputs: [EGFR],
    when: egfrIn('G5'),
    severity: 'soon',
    kdigoStage: true,
    title: {
      en: 'Kidney filtration (eGFR) in the range KDIGO calls G5',
      ar: 'معدل ترشيح الكلى المقدّر (eGFR) في النطاق الذي تسمّيه KDIGO فئة G5',
    },
    explanation: {
      en: `Your estimated glomerular filtration rate, how much blood the kidneys filter, is in the range KDIGO calls G5 (below 15 mL/min/1.73 m², the lowest of its categories). ${EGFR_NOT_LEFT.en} ${EGFR_WITH_ALBUMIN.en} ${EGFR_CALCULATED.en} See your doctor today or tomorrow; if you already see a kidney specialist, tell them. ${EGFR_AT_ONCE.en}`,
      ar: `معدل الترشيح الكبيبي المقدّر، أي كمية الدم التي تنقّيها الكليتان، في النطاق الذي تسمّيه إرشادات KDIGO فئة G5 (أقل من 15 مل/دقيقة/1.73 م²، وهي أدنى فئاتها). ${EGFR_NOT_LEFT.ar} ${EGFR_WITH_ALBUMIN.ar} ${EGFR_CALCULATED.ar} راجع طبيبك اليوم أو غدًا، وإن كان يتابعك طبيب كلى فأخبره. ${EGFR_AT_ONCE.ar}`,
    },
    sources: ['kdigo2024', 'ckdEpi2021'],
    followUp: [ACR],
    cases: [
      { name: '14 is G5', values: { [EGFR]: 14 }, expect: true },
      { name: 'exactly 15 is above G5 (G4)', values: { [EGFR]: 15 }, expect: false },
    ],
  },
  {
    id: 'albuminuria',
    version: 2,
    inputs: [ACR],
    when: acrIn('A2'),
    severity: 'discuss',
    kdigoStage: true,
    title: { en: 'Albumin in the urine in the range KDIGO calls A2', ar: 'الألبومين في البول في النطاق الذي تسمّيه KDIGO فئة A2' },
    explanation: {
      en: `Your urine albumin-to-creatinine ratio is in the range KDIGO calls A2 (30 to 300 mg/g, moderately increased). ${ACR_TWO_OF_THREE.en} ${ACR_WITH_EGFR.en} Discuss it with your doctor.`,
      ar: `نسبة الألبومين إلى الكرياتينين في البول في النطاق الذي تسمّيه إرشادات KDIGO فئة A2 (من 30 إلى 300 ملغم/غم، زيادة متوسطة). ${ACR_TWO_OF_THREE.ar} ${ACR_WITH_EGFR.ar} ناقش النتيجة مع طبيبك.`,
    },
    sources: ['kdigo2024'],
    followUp: [CREATININE],
    retest: { loinc: ACR, months: 3 },
    cases: [
      { name: 'exactly 30 mg/g is A2', values: { [ACR]: 30 }, expect: true },
      { name: '29 mg/g is A1', values: { [ACR]: 29 }, expect: false },
      { name: 'exactly 300 mg/g is A2', values: { [ACR]: 300 }, expect: true },
      { name: '301 mg/g is A3', values: { [ACR]: 301 }, expect: false },
    ],
  },
  {
    id: 'albuminuria-a3',
    version: 1,
    inputs: [ACR],
    when: acrIn('A3'),
    severity: 'soon',
    kdigoStage: true,
    title: { en: 'Albumin in the urine in the range KDIGO calls A3', ar: 'الألبومين في البول في النطاق الذي تسمّيه KDIGO فئة A3' },
    explanation: {
      en: `Your urine albumin-to-creatinine ratio is in the range KDIGO calls A3 (above 300 mg/g, severely increased). ${ACR_TWO_OF_THREE.en} ${ACR_WITH_EGFR.en} Book a visit with your doctor soon.`,
      ar: `نسبة الألبومين إلى الكرياتينين في البول في النطاق الذي تسمّيه إرشادات KDIGO فئة A3 (أعلى من 300 ملغم/غم، زيادة شديدة). ${ACR_TWO_OF_THREE.ar} ${ACR_WITH_EGFR.ar} احجز موعدًا مع طبيبك قريبًا.`,
    },
    sources: ['kdigo2024'],
    followUp: [CREATININE],
    retest: { loinc: ACR, months: 3 },
    cases: [
      { name: '301 mg/g is A3', values: { [ACR]: 301 }, expect: true },
      { name: 'exactly 300 mg/g is A2', values: { [ACR]: 300 }, expect: false },
    ],
  },
  // ───────────── Liver ─────────────
  {
    id: 'liver-hepatocellular-pattern',
    version: 1,
    inputs: [ALT, AST, ALP],
    when: { all: [{ any: [high(ALT), high(AST)] }, normal(ALP)] },
    severity: 'discuss',
    title: { en: 'Raised liver cell enzymes (ALT or AST)', ar: 'ارتفاع إنزيمات خلايا الكبد (ALT أو AST)' },
    explanation: {
      en: 'Your ALT or AST is above its range while your ALP is within it, the pattern the American College of Gastroenterology calls hepatocellular: the enzymes come from liver cells. It is commonly seen with fatty liver, and also after hard exercise (AST also comes from muscle), with some medicines and herbal products, and with viral hepatitis. Discuss it with your doctor, who usually repeats the test.',
      ar: 'إنزيم ALT أو AST لديك أعلى من مداه بينما ALP ضمن مداه، وهو النمط الذي تسمّيه الكلية الأمريكية لأمراض الجهاز الهضمي «نمط خلايا الكبد»: أي أن الإنزيمات مصدرها خلايا الكبد. يُرى عادةً مع الكبد الدهني، وكذلك بعد التمارين الشاقة (فإنزيم AST يأتي من العضلات أيضًا)، ومع بعض الأدوية والمنتجات العشبية، ومع التهاب الكبد الفيروسي. ناقش النتيجة مع طبيبك، فعادةً يعيد الفحص.',
    },
    sources: ['acgLiver2017'],
    retest: { loinc: ALT, months: 3 },
    cases: [
      { name: 'ALT high, ALP normal', values: { [ALT]: [88, 'H'], [ALP]: [80, 'N'] }, expect: true },
      { name: 'AST high, ALT normal, ALP normal', values: { [ALT]: [30, 'N'], [AST]: [70, 'H'], [ALP]: [80, 'N'] }, expect: true },
      { name: 'ALP high too is not this pattern', values: { [ALT]: [88, 'H'], [ALP]: [190, 'H'] }, expect: false },
      { name: 'ALT high without an ALP is not claimed', values: { [ALT]: [88, 'H'] }, expect: false },
    ],
  },
  {
    id: 'liver-cholestatic-pattern',
    version: 1,
    inputs: [ALP, GGT],
    when: { all: [high(ALP), high(GGT)] },
    severity: 'discuss',
    title: { en: 'Raised ALP with raised GGT', ar: 'ارتفاع ALP مع ارتفاع GGT' },
    explanation: {
      en: 'Both your ALP and GGT are above their ranges. When they rise together the ALP is likely to come from the liver rather than bone, the pattern the American College of Gastroenterology calls cholestatic, commonly seen when bile flow is slowed (for example by gallstones), and with some medicines and alcohol. Discuss it with your doctor; with yellow eyes or skin, or pain under the right ribs, go soon.',
      ar: 'إنزيما ALP وGGT كلاهما أعلى من مداه. عند ارتفاعهما معًا يُرجَّح أن مصدر ALP هو الكبد لا العظام، وهو النمط الذي تسمّيه الكلية الأمريكية لأمراض الجهاز الهضمي «النمط الركودي»، ويُرى عادةً عند تباطؤ تدفق العصارة الصفراوية (بسبب حصوات المرارة مثلًا)، ومع بعض الأدوية والكحول. ناقش النتيجة مع طبيبك، وإن لاحظت اصفرار العينين أو الجلد أو ألمًا تحت الأضلاع اليمنى فراجعه قريبًا.',
    },
    sources: ['acgLiver2017'],
    cases: [
      { name: 'ALP and GGT high', values: { [ALP]: [210, 'H'], [GGT]: [150, 'H'] }, expect: true },
      { name: 'ALP high with GGT normal (often bone)', values: { [ALP]: [210, 'H'], [GGT]: [30, 'N'] }, expect: false },
    ],
  },
  // ───────────── Uric acid ─────────────
  {
    id: 'uric-acid-above-saturation',
    version: 1,
    inputs: [URIC_ACID],
    when: { loinc: URIC_ACID, unit: 'mg/dL', gt: 6.8 },
    severity: 'info',
    title: { en: 'Uric acid above the level where crystals can form', ar: 'حمض اليوريك فوق المستوى الذي قد تتكوّن عنده البلّورات' },
    explanation: {
      en: 'Your uric acid is above 6.8 mg/dL, the level above which it can form crystals in the joints. Many people with a high uric acid never have symptoms, and the American College of Rheumatology does not advise treating it without them. Red meat, organ meats, sugary drinks, dehydration and some water pills raise it. If a joint, often the big toe, becomes suddenly hot, swollen and painful, see a doctor.',
      ar: 'حمض اليوريك لديك أعلى من 6.8 ملغم/دسل، وهو المستوى الذي قد يتبلور فوقه في المفاصل. كثيرون ممن يرتفع لديهم حمض اليوريك لا تظهر عليهم أعراض أبدًا، ولا توصي الكلية الأمريكية لأمراض الروماتيزم بعلاجه دون أعراض. ترفعه اللحوم الحمراء والأحشاء والمشروبات المحلّاة والجفاف وبعض مدرّات البول. إذا أصبح أحد المفاصل -وكثيرًا ما يكون إصبع القدم الكبير- ساخنًا متورّمًا مؤلمًا فجأةً فراجع الطبيب.',
    },
    sources: ['acrGout2020'],
    cases: [
      { name: '7.4 mg/dL', values: { [URIC_ACID]: 7.4 }, expect: true },
      { name: 'exactly 6.8 is not above', values: { [URIC_ACID]: 6.8 }, expect: false },
    ],
  },
];

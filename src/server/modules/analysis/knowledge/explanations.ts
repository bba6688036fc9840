import type { AnalyteExplanation, Bilingual } from './format.ts';
import type { SourceId } from './sources.ts';

/**
 * What each analyte measures and what a value outside its range commonly means, for the patient, in
 * Modern Standard Arabic for a Saudi reader and in English. Only the directions that matter clinically
 * are given; an analyte answered in words (reactive, positive, a dipstick's trace to 3+) has `abnormal`
 * instead. Never a diagnosis ("can be a sign of", "is commonly seen with"); every meaning leaves the
 * reading to the doctor, and a screening result is one the doctor confirms. No numbers: the ranges and
 * values come from the report.
 * Review: written from MedlinePlus Medical Tests (medlinePlusLabTests), brucella from the WHO's
 * guidance (who2006Brucellosis); to be checked by a clinical pathologist (ADR 0063).
 */

const MEDLINE: SourceId = 'medlinePlusLabTests';

const SEE_DOCTOR_USUAL: Bilingual = {
  en: 'See a doctor soon if you feel unwell; otherwise, discuss it at your next visit.',
  ar: 'راجع الطبيب قريبًا إن شعرت بتوعك، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const SEE_DOCTOR_GLUCOSE: Bilingual = {
  en: 'Seek care at once if shaking, sweating, confusion or fainting occur, or if extreme thirst, frequent urination and vomiting appear; otherwise, discuss it at your next visit.',
  ar: 'اطلب الرعاية فورًا إن أصابتك رعشة أو تعرق أو تشوش أو إغماء، أو ظهر عطش شديد وكثرة تبول وقيء، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const SEE_DOCTOR_LIPIDS: Bilingual = {
  en: 'Discuss it at your next visit; cholesterol causes no symptoms, and your doctor will weigh it with your blood pressure, sugar, smoking and family history.',
  ar: 'ناقش النتيجة في زيارتك القادمة؛ فالكوليسترول لا يسبب أعراضًا، وسيقدّره طبيبك مع ضغط الدم والسكر والتدخين والتاريخ العائلي.',
};

const SEE_DOCTOR_THYROID: Bilingual = {
  en: 'See a doctor soon if palpitations, tremor or weight loss appear, or marked tiredness, weight gain or feeling cold; otherwise, discuss it at your next visit. If you take biotin, tell the lab before a repeat test.',
  ar: 'راجع الطبيب قريبًا إن ظهر خفقان أو رعشة أو نقص في الوزن، أو إرهاق واضح أو زيادة في الوزن أو إحساس دائم بالبرد، وإلا فناقش النتيجة في زيارتك القادمة. وإن كنت تتناول البيوتين فأخبر المختبر قبل إعادة التحليل.',
};

const SEE_DOCTOR_LIVER: Bilingual = {
  en: 'See a doctor soon if yellow eyes or skin, dark urine, pale stools or pain under the right ribs appear; otherwise, discuss it at your next visit.',
  ar: 'راجع الطبيب قريبًا إن ظهر اصفرار في العينين أو الجلد، أو بول داكن، أو براز فاتح، أو ألم تحت الأضلاع اليمنى، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const SEE_DOCTOR_BILIRUBIN: Bilingual = {
  en: 'See a doctor soon if yellow eyes or skin, dark urine, pale stools, or tummy pain with fever appear; otherwise, discuss it at your next visit.',
  ar: 'راجع الطبيب قريبًا إن ظهر اصفرار في العينين أو الجلد، أو بول داكن، أو براز فاتح، أو ألم في البطن مع حمّى، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const LOW_WHITE_CELLS: Bilingual = {
  en: 'A low count can follow a viral infection or some medicines, and is often mildly low in healthy people of Arab or African descent. Less often it is a sign of a bone marrow or immune condition. Your doctor will judge whether it needs a closer look.',
  ar: 'قد ينخفض العدد بعد عدوى فيروسية أو مع بعض الأدوية، وكثيرًا ما يكون منخفضًا قليلًا عند أشخاص أصحاء من ذوي الأصول العربية أو الأفريقية، وأقل من ذلك قد يكون علامة على حالة في نخاع العظم أو المناعة. ويقدّر طبيبك إن كان يحتاج إلى متابعة.',
};

const LOW_GLUCOSE: Bilingual = {
  en: 'A low glucose can follow a long fast, hard exercise or diabetes medicines, and is sometimes falsely low when the sample waits before it is processed. Your doctor will decide whether it needs a closer look.',
  ar: 'قد ينخفض السكر بعد صيام طويل أو تمارين شاقة أو مع أدوية السكري، وقد يظهر منخفضًا خطأً حين تتأخر معالجة العينة. ويقرر طبيبك إن كان يحتاج إلى متابعة.',
};

const SEE_DOCTOR_NEUTROPHILS: Bilingual = {
  en: 'Seek care at once if a fever appears with a low count, as the body may fight infection less well; otherwise, discuss it at your next visit.',
  ar: 'اطلب الرعاية فورًا إن ظهرت حمّى مع انخفاض العدد، فقد تضعف قدرة الجسم على مقاومة العدوى، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const SEE_DOCTOR_EOSINOPHILS: Bilingual = {
  en: 'Discuss it at your next visit, or see a doctor sooner if a rash, wheezing or a lasting stomach upset appear.',
  ar: 'ناقش النتيجة في زيارتك القادمة، أو راجع الطبيب أبكر إن ظهر طفح جلدي أو صفير في التنفس أو اضطراب مستمر في المعدة.',
};

const SEE_DOCTOR_CLOTTING: Bilingual = {
  en: 'Seek care at once if bleeding will not stop, or blood in the urine, black stools or a severe headache appear; if you take warfarin, follow the plan your clinic gave you; otherwise, discuss it at your next visit.',
  ar: 'اطلب الرعاية فورًا إن لم يتوقف نزيف، أو ظهر دم في البول أو براز أسود أو صداع شديد، وإن كنت تتناول الوارفارين فاتبع الخطة التي وضعتها لك عيادتك، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const SEE_DOCTOR_INHERITED: Bilingual = {
  en: 'Discuss it at your next visit, especially before marriage or a pregnancy, as the premarital screening looks at these inherited traits.',
  ar: 'ناقش النتيجة في زيارتك القادمة، ولا سيما قبل الزواج أو الحمل، إذ يشمل فحص ما قبل الزواج هذه الصفات الوراثية.',
};

const SEE_DOCTOR_HEART: Bilingual = {
  en: 'Seek emergency care at once if chest pain or pressure, shortness of breath, sweating, or pain spreading to the arm, jaw or back appear; otherwise, see a doctor soon to discuss it.',
  ar: 'اطلب الرعاية الطارئة فورًا إن ظهر ألم أو ضغط في الصدر أو ضيق في التنفس أو تعرق أو ألم يمتد إلى الذراع أو الفك أو الظهر، وإلا فراجع الطبيب قريبًا لمناقشة النتيجة.',
};

const SEE_DOCTOR_URINE_ALBUMIN: Bilingual = {
  en: 'Discuss it at your next visit; see a doctor soon if swelling of the legs or face, or foamy urine, appear.',
  ar: 'ناقش النتيجة في زيارتك القادمة، وراجع الطبيب قريبًا إن ظهر تورم في الساقين أو الوجه أو رغوة في البول.',
};

const SEE_DOCTOR_REPRODUCTIVE: Bilingual = {
  en: 'Discuss it at your next visit, and tell your doctor about any hormone treatment or supplements you use and, for women, the first day of the last period.',
  ar: 'ناقش النتيجة في زيارتك القادمة، وأخبر طبيبك بأي علاج هرموني أو مكملات تتناولها، وبأول يوم من آخر دورة شهرية للنساء.',
};

const SEE_DOCTOR_RESPIRATORY: Bilingual = {
  en: 'Seek care at once if breathing becomes hard, or chest pain, confusion or bluish lips appear; while unwell, rest at home and keep away from older or frail people.',
  ar: 'اطلب الرعاية فورًا إن صعب التنفس أو ظهر ألم في الصدر أو تشوش أو ازرقاق في الشفتين، والزم المنزل ما دمت متوعكًا وابتعد عن كبار السن وضعاف الصحة.',
};

const SEE_DOCTOR_URINE: Bilingual = {
  en: 'See a doctor soon if you see blood in your urine, or have pain or burning on passing urine, fever or pain in your side; otherwise, discuss it at your next visit.',
  ar: 'راجع الطبيب قريبًا إن رأيت دمًا في البول، أو شعرت بألم أو حرقة عند التبول، أو حمّى، أو ألم في الخاصرة، وإلا فناقش النتيجة في زيارتك القادمة.',
};

const HIGH_MONOCYTES: Bilingual = {
  en: 'A high value is commonly seen while recovering from an infection, with a long-standing infection or inflammation, and with steroid medicines; less often it is a sign of a blood condition. Your doctor will read it with your other results.',
  ar: 'يُرى الارتفاع عادةً أثناء التعافي من عدوى، ومع عدوى أو التهاب مزمن، ومع أدوية الكورتيزون، وأقل من ذلك قد يكون علامة على حالة في الدم. ويقرؤه طبيبك مع نتائجك الأخرى.',
};

const LOW_MONOCYTES: Bilingual = {
  en: 'A low value on its own usually means little; it is seen with steroid medicines and, less often, with a bone marrow condition. Your doctor will read it with your other results.',
  ar: 'الانخفاض وحده قليل الدلالة عادةً، ويُرى مع أدوية الكورتيزون، وأقل من ذلك مع حالة في نخاع العظم. ويقرؤه طبيبك مع نتائجك الأخرى.',
};

const HIGH_BASOPHILS: Bilingual = {
  en: 'A high value is uncommon; it is sometimes seen with allergies, an underactive thyroid or a long-standing inflammation, and rarely with a bone marrow condition. Your doctor will read it with your other results.',
  ar: 'الارتفاع غير شائع، ويُرى أحيانًا مع الحساسية أو خمول الغدة الدرقية أو التهاب مزمن، ونادرًا مع حالة في نخاع العظم. ويقرؤه طبيبك مع نتائجك الأخرى.',
};

const BLOOD_IN_URINE: Bilingual = {
  en: 'Blood in the urine is commonly seen during or just after a period, after hard exercise, and with a urine infection or kidney stones; less often it can be a sign of a kidney or bladder condition that needs checking, especially in older adults and smokers. Your doctor will decide whether to repeat the test or look further.',
  ar: 'يُرى الدم في البول عادةً أثناء الدورة الشهرية أو بعدها مباشرة، وبعد التمارين الشاقة، ومع التهاب المسالك البولية أو حصى الكلى، وأقل من ذلك قد يكون علامة على حالة في الكلى أو المثانة تحتاج إلى فحص، ولا سيما لدى كبار السن والمدخنين. ويقرر طبيبك إن كان يلزم إعادة التحليل أو إجراء فحوص أخرى.',
};

const BLOOD_IN_URINE_FOR_MEN: Bilingual = {
  en: 'Blood in the urine is commonly seen after hard exercise, and with a urine infection or kidney stones; less often it can be a sign of a kidney or bladder condition that needs checking, especially in older adults and smokers. Your doctor will decide whether to repeat the test or look further.',
  ar: 'يُرى الدم في البول عادةً بعد التمارين الشاقة، ومع التهاب المسالك البولية أو حصى الكلى، وأقل من ذلك قد يكون علامة على حالة في الكلى أو المثانة تحتاج إلى فحص، ولا سيما لدى كبار السن والمدخنين. ويقرر طبيبك إن كان يلزم إعادة التحليل أو إجراء فحوص أخرى.',
};

const FLU_POSITIVE: Bilingual = {
  en: 'A positive result commonly means flu. Most people recover at home within one or two weeks with rest and fluids; antiviral medicine helps most when started early, especially for older people, pregnant women and people with a long-term condition. Your doctor will decide whether it is needed.',
  ar: 'تعني النتيجة الإيجابية عادةً الإصابة بالإنفلونزا، ويتعافى معظم الناس في المنزل خلال أسبوع أو أسبوعين بالراحة وشرب السوائل، وتكون الأدوية المضادة للفيروسات أنفع حين تبدأ مبكرًا، ولا سيما لكبار السن والحوامل وأصحاب الأمراض المزمنة. ويقرر طبيبك إن كانت تلزم.',
};

const FLU_POSITIVE_FOR_MEN: Bilingual = {
  en: 'A positive result commonly means flu. Most people recover at home within one or two weeks with rest and fluids; antiviral medicine helps most when started early, especially for older people and people with a long-term condition. Your doctor will decide whether it is needed.',
  ar: 'تعني النتيجة الإيجابية عادةً الإصابة بالإنفلونزا، ويتعافى معظم الناس في المنزل خلال أسبوع أو أسبوعين بالراحة وشرب السوائل، وتكون الأدوية المضادة للفيروسات أنفع حين تبدأ مبكرًا، ولا سيما لكبار السن وأصحاب الأمراض المزمنة. ويقرر طبيبك إن كانت تلزم.',
};

const LOW_REPRODUCTIVE_HORMONE: Bilingual = {
  en: 'A low value is commonly seen with birth control pills or other hormone treatment, pregnancy, strict dieting, intense training or stress, and less often with a pituitary condition. Your doctor will read it with your other hormones.',
  ar: 'يُرى انخفاض القيمة عادةً مع حبوب منع الحمل أو غيرها من العلاجات الهرمونية، أو الحمل، أو الحمية الصارمة، أو التدريب المكثف، أو التوتر، وأقل من ذلك مع حالة في الغدة النخامية. ويقرؤه طبيبك مع بقية الهرمونات.',
};

const LOW_REPRODUCTIVE_HORMONE_FOR_MEN: Bilingual = {
  en: 'A low value is commonly seen with hormone treatment, strict dieting, intense training or stress, and less often with a pituitary condition. Your doctor will read it with your other hormones.',
  ar: 'يُرى انخفاض القيمة عادةً مع العلاجات الهرمونية، أو الحمية الصارمة، أو التدريب المكثف، أو التوتر، وأقل من ذلك مع حالة في الغدة النخامية. ويقرؤه طبيبك مع بقية الهرمونات.',
};

export const explanations: AnalyteExplanation[] = [
  // ───────────── Complete blood count ─────────────
  {
    loinc: '6690-2',
    measures: {
      en: 'White blood cells fight infection. This test counts how many are in your blood.',
      ar: 'كريات الدم البيضاء تحارب العدوى، وهذا التحليل يعدّ كمية الموجود منها في دمك.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen with an infection or inflammation, stress, smoking or some medicines such as steroids, and less often with a blood condition. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع العدد عادةً مع عدوى أو التهاب أو إجهاد أو تدخين أو بعض الأدوية مثل الكورتيزون، وأقل من ذلك مع حالة في الدم. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'smoking', 'medication', 'exercise', 'pregnancy'],
    },
    low: { means: LOW_WHITE_CELLS, causes: ['recentIllness', 'medication'] },
    seeDoctor: {
      en: 'See a doctor soon if fever, repeated infections, mouth ulcers or unusual bruising come with this result; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن صاحبت هذه النتيجة حمّى أو عدوى متكررة أو تقرحات في الفم أو كدمات غير معتادة، وإلا فناقشها في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '789-8',
    measures: {
      en: 'Red blood cells carry oxygen around the body. This test counts how many are in your blood.',
      ar: 'كريات الدم الحمراء تنقل الأكسجين إلى أنحاء الجسم، وهذا التحليل يعدّ كمية الموجود منها في دمك.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen with dehydration, smoking or living at high altitude, and in carriers of thalassaemia trait, whose red cells are small but many. Less often the body makes too many red cells. Your doctor will read it with your haemoglobin and other results.',
        ar: 'يُرى ارتفاع العدد عادةً مع الجفاف أو التدخين أو السكن في المرتفعات، وعند حاملي سمة الثلاسيميا الذين تكون كرياتهم صغيرة وكثيرة العدد، وأقل من ذلك قد يعني أن الجسم ينتج كريات حمراء أكثر من حاجته. ويقرؤه طبيبك مع الهيموغلوبين ونتائجك الأخرى.',
      },
      causes: ['dehydration', 'smoking'],
    },
    low: {
      means: {
        en: 'A low count commonly goes with anaemia, for example from low iron, vitamin B12 or folate, or from blood loss, and it is also lower in pregnancy. Your doctor will read it with your haemoglobin and other results.',
        ar: 'يرتبط انخفاض العدد عادةً بفقر الدم، مثلًا بسبب نقص الحديد أو فيتامين ب12 أو حمض الفوليك أو فقدان الدم، ويكون أقل كذلك أثناء الحمل. ويقرؤه طبيبك مع الهيموغلوبين ونتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A low count commonly goes with anaemia, for example from low iron, vitamin B12 or folate, or from blood loss. Your doctor will read it with your haemoglobin and other results.',
        ar: 'يرتبط انخفاض العدد عادةً بفقر الدم، مثلًا بسبب نقص الحديد أو فيتامين ب12 أو حمض الفوليك أو فقدان الدم. ويقرؤه طبيبك مع الهيموغلوبين ونتائجك الأخرى.',
      },
      causes: ['pregnancy', 'menstruation'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '718-7',
    measures: {
      en: 'Haemoglobin is the protein in red blood cells that carries oxygen. It is the main measure of anaemia.',
      ar: 'الهيموغلوبين بروتين في كريات الدم الحمراء ينقل الأكسجين، وهو المقياس الأساسي لفقر الدم.',
    },
    high: {
      means: {
        en: 'A high haemoglobin is commonly seen with dehydration, smoking, living at high altitude or testosterone treatment; less often the body makes too many red cells, or a lung or heart condition lowers oxygen. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع الهيموغلوبين عادةً مع الجفاف أو التدخين أو السكن في المرتفعات أو العلاج بالتستوستيرون، وأقل من ذلك مع إنتاج الجسم كريات حمراء زائدة أو حالة في الرئة أو القلب تقلل الأكسجين. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['dehydration', 'smoking', 'medication'],
    },
    low: {
      means: {
        en: 'A low haemoglobin can be a sign of anaemia. Common causes are low iron (from diet, heavy periods or blood loss), low vitamin B12 or folate, and inherited traits such as thalassaemia and sickle cell, which are common in Saudi Arabia. Your doctor can find the cause with a few more tests.',
        ar: 'قد يكون انخفاض الهيموغلوبين علامة على فقر الدم، ومن أسبابه الشائعة نقص الحديد (من الغذاء أو غزارة الدورة أو فقدان الدم) ونقص فيتامين ب12 أو حمض الفوليك، والصفات الوراثية مثل الثلاسيميا وفقر الدم المنجلي الشائعة في المملكة. ويستطيع طبيبك معرفة السبب ببعض التحاليل الإضافية.',
      },
      meansForMen: {
        en: 'A low haemoglobin can be a sign of anaemia. Common causes are low iron (from diet or blood loss, for example from the gut), low vitamin B12 or folate, and inherited traits such as thalassaemia and sickle cell, which are common in Saudi Arabia. Your doctor can find the cause with a few more tests.',
        ar: 'قد يكون انخفاض الهيموغلوبين علامة على فقر الدم، ومن أسبابه الشائعة نقص الحديد (من الغذاء أو فقدان الدم، من الجهاز الهضمي مثلًا) ونقص فيتامين ب12 أو حمض الفوليك، والصفات الوراثية مثل الثلاسيميا وفقر الدم المنجلي الشائعة في المملكة. ويستطيع طبيبك معرفة السبب ببعض التحاليل الإضافية.',
      },
      causes: ['menstruation', 'pregnancy', 'diet'],
    },
    seeDoctor: {
      en: 'See a doctor soon if you feel very tired, short of breath or dizzy, or notice palpitations, black stools or heavy bleeding; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن شعرت بإرهاق شديد أو ضيق في التنفس أو دوخة، أو لاحظت خفقانًا أو برازًا أسود أو نزيفًا غزيرًا، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '4544-3',
    measures: {
      en: 'Haematocrit is the share of your blood’s volume taken up by red blood cells.',
      ar: 'الهيماتوكريت هو نسبة حجم كريات الدم الحمراء من حجم الدم الكلي.',
    },
    high: {
      means: {
        en: 'A high haematocrit is commonly seen with dehydration or smoking, and less often when the body makes too many red cells. Your doctor will read it with your haemoglobin.',
        ar: 'يُرى ارتفاع الهيماتوكريت عادةً مع الجفاف أو التدخين، وأقل من ذلك حين ينتج الجسم كريات حمراء زائدة. ويقرؤه طبيبك مع الهيموغلوبين.',
      },
      causes: ['dehydration', 'smoking'],
    },
    low: {
      means: {
        en: 'A low haematocrit usually moves with a low haemoglobin and can be a sign of anaemia. Your doctor will read it with your haemoglobin.',
        ar: 'ينخفض الهيماتوكريت عادةً مع انخفاض الهيموغلوبين، وقد يكون علامة على فقر الدم. ويقرؤه طبيبك مع الهيموغلوبين.',
      },
      causes: ['pregnancy', 'menstruation', 'overhydration'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '787-2',
    measures: {
      en: 'MCV is the average size of your red blood cells. It helps find the cause of anaemia.',
      ar: 'MCV هو متوسط حجم كريات الدم الحمراء، ويساعد على معرفة سبب فقر الدم.',
    },
    high: {
      means: {
        en: 'Large red cells are commonly seen with low vitamin B12 or folate, regular alcohol use, some medicines, and thyroid or liver conditions. Your doctor will read it with your other results.',
        ar: 'تُرى الكريات الكبيرة عادةً مع نقص فيتامين ب12 أو حمض الفوليك، أو شرب الكحول بانتظام، أو بعض الأدوية، أو حالات في الغدة الدرقية أو الكبد. ويقرؤها طبيبك مع نتائجك الأخرى.',
      },
      causes: ['medication', 'diet'],
    },
    low: {
      means: {
        en: 'Small red cells are commonly seen with low iron, or with an inherited trait such as thalassaemia trait, which is common in Saudi Arabia and usually harmless. Your doctor can tell these apart with iron tests and sometimes a haemoglobin electrophoresis.',
        ar: 'تُرى الكريات الصغيرة عادةً مع نقص الحديد، أو مع صفة وراثية مثل سمة الثلاسيميا، وهي شائعة في المملكة وغالبًا غير ضارة. ويستطيع طبيبك التمييز بينهما بتحاليل الحديد وأحيانًا بفحص الفصل الكهربائي للهيموغلوبين.',
      },
      causes: ['diet', 'menstruation'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '785-6',
    measures: {
      en: 'MCH is the average amount of haemoglobin in each red blood cell.',
      ar: 'MCH هو متوسط كمية الهيموغلوبين في الكرية الحمراء الواحدة.',
    },
    high: {
      means: {
        en: 'A high MCH usually goes with large red cells, as with low vitamin B12 or folate. Your doctor will read it with your MCV.',
        ar: 'يرتفع MCH عادةً مع كبر الكريات الحمراء، كما في نقص فيتامين ب12 أو حمض الفوليك. ويقرؤه طبيبك مع MCV.',
      },
      causes: ['medication', 'diet'],
    },
    low: {
      means: {
        en: 'A low MCH usually goes with small red cells and is commonly seen with low iron or thalassaemia trait. Your doctor will read it with your MCV and iron tests.',
        ar: 'ينخفض MCH عادةً مع صغر الكريات الحمراء، ويُرى غالبًا مع نقص الحديد أو سمة الثلاسيميا. ويقرؤه طبيبك مع MCV وتحاليل الحديد.',
      },
      causes: ['diet', 'menstruation'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '786-4',
    measures: {
      en: 'MCHC is how concentrated the haemoglobin is inside your red blood cells.',
      ar: 'MCHC هو مدى تركيز الهيموغلوبين داخل كريات الدم الحمراء.',
    },
    high: {
      means: {
        en: 'A high MCHC is uncommon. It can be a sign of an inherited red cell condition, and it is often caused by the sample itself, such as red cells clumping in the cold or fatty blood after a meal. Your doctor may ask for a repeat sample.',
        ar: 'ارتفاع MCHC غير شائع، وقد يكون علامة على حالة وراثية في الكريات الحمراء، وكثيرًا ما يكون سببه العينة نفسها، مثل تكتل الكريات الحمراء في البرد أو ارتفاع الدهون في الدم بعد وجبة. وقد يطلب طبيبك إعادة العينة.',
      },
      causes: ['sampleHandling', 'notFasting'],
    },
    low: {
      means: {
        en: 'A low MCHC is commonly seen with low iron and with thalassaemia trait. Your doctor will read it with your other red cell results.',
        ar: 'يُرى انخفاض MCHC عادةً مع نقص الحديد ومع سمة الثلاسيميا. ويقرؤه طبيبك مع بقية نتائج الكريات الحمراء.',
      },
      causes: ['diet', 'menstruation'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '788-0',
    measures: {
      en: 'RDW shows how much your red blood cells vary in size.',
      ar: 'يبيّن RDW مدى تفاوت كريات الدم الحمراء في الحجم.',
    },
    high: {
      means: {
        en: 'A high RDW means red cells of mixed sizes. It is commonly seen early in a shortage of iron, vitamin B12 or folate, after blood loss, or while recovering from anaemia. Your doctor will read it with your MCV and haemoglobin.',
        ar: 'ارتفاع RDW يعني تفاوت أحجام الكريات الحمراء، ويُرى عادةً في بدايات نقص الحديد أو فيتامين ب12 أو حمض الفوليك، أو بعد فقدان الدم، أو أثناء التعافي من فقر الدم. ويقرؤه طبيبك مع MCV والهيموغلوبين.',
      },
      causes: ['menstruation', 'diet'],
    },
    seeDoctor: {
      en: 'A raised RDW alone is rarely urgent: discuss it at your next visit, or see a doctor sooner if you feel unwell.',
      ar: 'ارتفاع RDW وحده نادرًا ما يكون عاجلًا، فناقشه في زيارتك القادمة، أو راجع الطبيب أبكر إن شعرت بتوعك.',
    },
    source: MEDLINE,
  },
  {
    loinc: '777-3',
    measures: {
      en: 'Platelets are small cells that help the blood clot and stop bleeding.',
      ar: 'الصفائح الدموية خلايا صغيرة تساعد الدم على التجلط وإيقاف النزيف.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen with infection or inflammation, low iron, or after blood loss or an operation; less often the bone marrow makes too many. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع العدد عادةً مع العدوى أو الالتهاب أو نقص الحديد أو بعد فقدان الدم أو عملية جراحية، وأقل من ذلك حين ينتج نخاع العظم صفائح زائدة. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'menstruation'],
    },
    low: {
      means: {
        en: 'A low count can follow a viral infection or some medicines, can fall slightly in pregnancy, and is sometimes falsely low when platelets clump in the tube. Less often it is a sign of an immune, liver or bone marrow condition. Your doctor will decide whether to repeat it.',
        ar: 'قد ينخفض العدد بعد عدوى فيروسية أو مع بعض الأدوية، وقد ينخفض قليلًا أثناء الحمل، وقد يظهر منخفضًا خطأً حين تتكتل الصفائح في الأنبوب، وأقل من ذلك قد يكون علامة على حالة مناعية أو في الكبد أو نخاع العظم. ويقرر طبيبك إن كان يلزم إعادته.',
      },
      meansForMen: {
        en: 'A low count can follow a viral infection or some medicines, and is sometimes falsely low when platelets clump in the tube. Less often it is a sign of an immune, liver or bone marrow condition. Your doctor will decide whether to repeat it.',
        ar: 'قد ينخفض العدد بعد عدوى فيروسية أو مع بعض الأدوية، وقد يظهر منخفضًا خطأً حين تتكتل الصفائح في الأنبوب، وأقل من ذلك قد يكون علامة على حالة مناعية أو في الكبد أو نخاع العظم. ويقرر طبيبك إن كان يلزم إعادته.',
      },
      causes: ['recentIllness', 'medication', 'pregnancy', 'sampleHandling'],
    },
    seeDoctor: {
      en: 'See a doctor soon if you notice easy bruising, bleeding gums, nosebleeds, tiny red spots on the skin or black stools; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن لاحظت سهولة ظهور الكدمات أو نزيف اللثة أو الأنف أو بقعًا حمراء صغيرة على الجلد أو برازًا أسود، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '751-8',
    measures: {
      en: 'Neutrophils are the most numerous white blood cells and the first to fight bacterial infection.',
      ar: 'العدلات أكثر كريات الدم البيضاء عددًا، وأول ما يتصدى للعدوى البكتيرية.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen with a bacterial infection, inflammation, stress, smoking, hard exercise or steroid medicines. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع العدد عادةً مع عدوى بكتيرية أو التهاب أو إجهاد أو تدخين أو تمارين شاقة أو أدوية الكورتيزون. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'smoking', 'exercise', 'medication', 'pregnancy'],
    },
    low: { means: LOW_WHITE_CELLS, causes: ['recentIllness', 'medication'] },
    seeDoctor: SEE_DOCTOR_NEUTROPHILS,
    source: MEDLINE,
  },
  {
    loinc: '731-0',
    measures: {
      en: 'Lymphocytes are white blood cells that fight viruses and make antibodies.',
      ar: 'الخلايا اللمفاوية من كريات الدم البيضاء، تقاوم الفيروسات وتصنع الأجسام المضادة.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen during or after a viral infection such as a cold or glandular fever, and less often with a blood condition, especially in older adults. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع العدد عادةً أثناء عدوى فيروسية أو بعدها، مثل نزلات البرد أو الحمى الغدية، وأقل من ذلك مع حالة في الدم، ولا سيما لدى كبار السن. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'smoking'],
    },
    low: {
      means: {
        en: 'A low count is commonly seen with stress, a recent illness or steroid medicines, and less often with an immune condition. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض العدد عادةً مع الإجهاد أو مرض حديث أو أدوية الكورتيزون، وأقل من ذلك مع حالة في المناعة. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '711-2',
    measures: {
      en: 'Eosinophils are white blood cells involved in allergies and in fighting parasites.',
      ar: 'الخلايا الحمضية من كريات الدم البيضاء، ولها دور في الحساسية وفي مقاومة الطفيليات.',
    },
    high: {
      means: {
        en: 'A high count is commonly seen with allergies, asthma, eczema or hay fever, some medicines, and parasite infections. Your doctor will read it with how you feel.',
        ar: 'يُرى ارتفاع العدد عادةً مع الحساسية أو الربو أو الإكزيما أو حساسية الأنف الموسمية أو بعض الأدوية أو العدوى بالطفيليات. ويقرؤه طبيبك مع الأعراض التي تشعر بها.',
      },
      causes: ['medication'],
    },
    seeDoctor: SEE_DOCTOR_EOSINOPHILS,
    source: MEDLINE,
  },
  {
    loinc: '30341-2',
    measures: {
      en: 'ESR measures how fast red blood cells settle in a tube. It rises with inflammation anywhere in the body, so it shows that something is happening but not where.',
      ar: 'تقيس سرعة ترسب الدم مدى سرعة ترسّب كريات الدم الحمراء في الأنبوب، وترتفع مع الالتهاب في أي مكان من الجسم، فهي تدل على وجود أمر ما دون أن تحدد موضعه.',
    },
    high: {
      means: {
        en: 'A raised ESR is commonly seen with a recent infection or inflammation, anaemia, pregnancy and older age, and with some joint and immune conditions. Your doctor will read it with how you feel and your other results.',
        ar: 'يُرى ارتفاع سرعة الترسب عادةً مع عدوى أو التهاب حديث، أو فقر الدم، أو الحمل، أو التقدم في العمر، ومع بعض حالات المفاصل والمناعة. ويقرؤها طبيبك مع الأعراض ونتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A raised ESR is commonly seen with a recent infection or inflammation, anaemia and older age, and with some joint and immune conditions. Your doctor will read it with how you feel and your other results.',
        ar: 'يُرى ارتفاع سرعة الترسب عادةً مع عدوى أو التهاب حديث، أو فقر الدم، أو التقدم في العمر، ومع بعض حالات المفاصل والمناعة. ويقرؤها طبيبك مع الأعراض ونتائجك الأخرى.',
      },
      causes: ['recentIllness', 'pregnancy', 'age'],
    },
    seeDoctor: {
      en: 'See a doctor soon if fever, weight loss, night sweats, or new pain or stiffness appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهرت حمّى أو نقص في الوزن أو تعرق ليلي أو ألم أو تيبس جديد، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  {
    loinc: '32623-1',
    measures: {
      en: 'MPV is the average size of your platelets. New platelets are larger, so it shows how actively the bone marrow is making them.',
      ar: 'MPV هو متوسط حجم الصفائح الدموية، والصفائح الحديثة أكبر حجمًا، لذا يبيّن مدى نشاط نخاع العظم في إنتاجها.',
    },
    high: {
      means: {
        en: 'A high MPV is commonly seen when the body is replacing platelets quickly, for example after bleeding or when platelets are used up faster, and it also rises when the sample waits before it is tested. On its own it means little. Your doctor will read it with your platelet count.',
        ar: 'يُرى ارتفاع MPV عادةً حين يعوّض الجسم الصفائح بسرعة، مثلًا بعد نزيف أو حين تُستهلك الصفائح أسرع من المعتاد، ويرتفع كذلك إذا تأخر تحليل العينة، ولا يدل وحده على الكثير. ويقرؤه طبيبك مع عدد الصفائح.',
      },
      causes: ['sampleHandling', 'recentIllness'],
    },
    low: {
      means: {
        en: 'A low MPV on its own usually means little; with a low platelet count it can be a sign that the bone marrow is making fewer platelets. Your doctor will read it with your platelet count.',
        ar: 'انخفاض MPV وحده قليل الدلالة عادةً، لكنه مع انخفاض عدد الصفائح قد يكون علامة على أن نخاع العظم ينتج صفائح أقل. ويقرؤه طبيبك مع عدد الصفائح.',
      },
      causes: ['medication'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '770-8',
    measures: {
      en: 'This is the share of your white blood cells that are neutrophils, the first cells to fight bacterial infection. The absolute count says more than the percentage.',
      ar: 'هذه هي نسبة العدلات من كريات الدم البيضاء، وهي أول ما يتصدى للعدوى البكتيرية، والعدد المطلق أدق دلالة من النسبة.',
    },
    high: {
      means: {
        en: 'A high share is commonly seen with a bacterial infection, inflammation, stress, hard exercise or steroid medicines, and it can also rise only because other white cells are fewer. Your doctor will read it with your absolute counts.',
        ar: 'يُرى ارتفاع النسبة عادةً مع عدوى بكتيرية أو التهاب أو إجهاد أو تمارين شاقة أو أدوية الكورتيزون، وقد ترتفع النسبة أيضًا لمجرد قلة الأنواع الأخرى من الكريات البيضاء. ويقرؤها طبيبك مع الأعداد المطلقة.',
      },
      causes: ['recentIllness', 'smoking', 'exercise', 'medication', 'pregnancy'],
    },
    low: {
      means: {
        en: 'A low share is commonly seen after a viral infection, when lymphocytes make up more of the count, with some medicines, and mildly in healthy people of Arab or African descent. Your doctor will read it with your absolute neutrophil count.',
        ar: 'يُرى انخفاض النسبة عادةً بعد عدوى فيروسية حين تزيد نسبة الخلايا اللمفاوية، ومع بعض الأدوية، وبدرجة خفيفة لدى أشخاص أصحاء من ذوي الأصول العربية أو الأفريقية. ويقرؤها طبيبك مع العدد المطلق للعدلات.',
      },
      causes: ['recentIllness', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_NEUTROPHILS,
    source: MEDLINE,
  },
  {
    loinc: '736-9',
    measures: {
      en: 'This is the share of your white blood cells that are lymphocytes, the cells that fight viruses and make antibodies.',
      ar: 'هذه هي نسبة الخلايا اللمفاوية من كريات الدم البيضاء، وهي التي تقاوم الفيروسات وتصنع الأجسام المضادة.',
    },
    high: {
      means: {
        en: 'A high share is commonly seen during or after a viral infection, or when neutrophils are fewer, and less often with a blood condition. Your doctor will read it with your absolute counts.',
        ar: 'يُرى ارتفاع النسبة عادةً أثناء عدوى فيروسية أو بعدها، أو حين يقل عدد العدلات، وأقل من ذلك مع حالة في الدم. ويقرؤها طبيبك مع الأعداد المطلقة.',
      },
      causes: ['recentIllness'],
    },
    low: {
      means: {
        en: 'A low share is commonly seen when neutrophils rise with a bacterial infection, stress, hard exercise or steroid medicines, and less often with an immune condition. Your doctor will read it with your absolute counts.',
        ar: 'يُرى انخفاض النسبة عادةً حين ترتفع العدلات مع عدوى بكتيرية أو إجهاد أو تمارين شاقة أو أدوية الكورتيزون، وأقل من ذلك مع حالة في المناعة. ويقرؤها طبيبك مع الأعداد المطلقة.',
      },
      causes: ['recentIllness', 'exercise', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '5905-5',
    measures: {
      en: 'This is the share of your white blood cells that are monocytes, cells that clear away germs and damaged cells.',
      ar: 'هذه هي نسبة الخلايا الوحيدة من كريات الدم البيضاء، وهي خلايا تزيل الجراثيم والخلايا التالفة.',
    },
    high: { means: HIGH_MONOCYTES, causes: ['recentIllness', 'medication'] },
    low: { means: LOW_MONOCYTES, causes: ['medication'] },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '742-7',
    measures: {
      en: 'Monocytes are white blood cells that clear away germs and damaged cells. This test counts how many are in your blood.',
      ar: 'الخلايا الوحيدة من كريات الدم البيضاء، وتزيل الجراثيم والخلايا التالفة، وهذا التحليل يعدّ كمية الموجود منها في دمك.',
    },
    high: { means: HIGH_MONOCYTES, causes: ['recentIllness', 'medication'] },
    low: { means: LOW_MONOCYTES, causes: ['medication'] },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '713-8',
    measures: {
      en: 'This is the share of your white blood cells that are eosinophils, cells involved in allergies and in fighting parasites.',
      ar: 'هذه هي نسبة الخلايا الحمضية من كريات الدم البيضاء، ولها دور في الحساسية وفي مقاومة الطفيليات.',
    },
    high: {
      means: {
        en: 'A high share is commonly seen with allergies, asthma, eczema or hay fever, some medicines, and parasite infections. Your doctor will read it with how you feel and your absolute count.',
        ar: 'يُرى ارتفاع النسبة عادةً مع الحساسية أو الربو أو الإكزيما أو حساسية الأنف الموسمية أو بعض الأدوية أو العدوى بالطفيليات. ويقرؤها طبيبك مع الأعراض التي تشعر بها والعدد المطلق.',
      },
      causes: ['medication'],
    },
    seeDoctor: SEE_DOCTOR_EOSINOPHILS,
    source: MEDLINE,
  },
  {
    loinc: '706-2',
    measures: {
      en: 'This is the share of your white blood cells that are basophils, the least common white cells, which take part in allergic reactions.',
      ar: 'هذه هي نسبة الخلايا القاعدية من كريات الدم البيضاء، وهي أقل أنواعها عددًا، ولها دور في تفاعلات الحساسية.',
    },
    high: { means: HIGH_BASOPHILS, causes: [] },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '704-7',
    measures: {
      en: 'Basophils are the least common white blood cells and take part in allergic reactions. This test counts how many are in your blood.',
      ar: 'الخلايا القاعدية أقل أنواع كريات الدم البيضاء عددًا، ولها دور في تفاعلات الحساسية، وهذا التحليل يعدّ كمية الموجود منها في دمك.',
    },
    high: { means: HIGH_BASOPHILS, causes: [] },
    low: {
      means: {
        en: 'A low basophil count is common and on its own usually means nothing; it can be seen with stress, steroid medicines or an overactive thyroid. Your doctor will read it with your other results.',
        ar: 'انخفاض عدد الخلايا القاعدية شائع ولا يدل وحده على شيء في العادة، وقد يُرى مع الإجهاد أو أدوية الكورتيزون أو فرط نشاط الغدة الدرقية. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['medication', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },

  // ───────────── Clotting and inherited blood traits ─────────────
  {
    loinc: '5902-2',
    measures: {
      en: 'Prothrombin time (PT) is how many seconds your blood takes to clot in a tube. It checks clotting factors the liver makes with the help of vitamin K.',
      ar: 'زمن البروثرومبين (PT) هو عدد الثواني التي يستغرقها الدم ليتجلط في الأنبوب، ويفحص عوامل التجلط التي يصنعها الكبد بمساعدة فيتامين ك.',
    },
    high: {
      means: {
        en: 'A longer time is expected with blood thinners such as warfarin, and can also be seen with low vitamin K, from some antibiotics or a poor diet, or with a liver condition. A sample tube that is not filled properly can lengthen it too. Your doctor will read it with your INR.',
        ar: 'يُتوقع طول الزمن مع مميّعات الدم مثل الوارفارين، وقد يُرى كذلك مع نقص فيتامين ك بسبب بعض المضادات الحيوية أو سوء التغذية، أو مع حالة في الكبد، وقد يطيله أيضًا عدم ملء أنبوب العينة كما ينبغي. ويقرؤه طبيبك مع INR.',
      },
      causes: ['medication', 'diet', 'sampleHandling'],
    },
    low: {
      means: {
        en: 'A slightly short time is uncommon and rarely a concern; it can come from how the sample was taken. Your doctor will decide whether to repeat it.',
        ar: 'قِصر الزمن قليلًا غير شائع ونادرًا ما يدعو إلى القلق، وقد ينتج عن طريقة أخذ العينة. ويقرر طبيبك إن كان يلزم إعادته.',
      },
      causes: ['sampleHandling'],
    },
    seeDoctor: SEE_DOCTOR_CLOTTING,
    source: MEDLINE,
  },
  {
    loinc: '6301-6',
    measures: {
      en: 'INR is your prothrombin time put on a common scale, so that results from different labs can be compared. It is used mainly to check warfarin treatment.',
      ar: 'INR هو زمن البروثرومبين معبَّرًا عنه بمقياس موحّد يسمح بمقارنة نتائج المختبرات المختلفة، ويُستخدم أساسًا لمتابعة العلاج بالوارفارين.',
    },
    high: {
      means: {
        en: 'A high INR is expected with warfarin, for which your doctor sets a target above the usual range. Without warfarin, it can be a sign of low vitamin K or a liver condition. Antibiotics, herbal products and changes in diet can shift it. Your doctor will read it with the medicines you take.',
        ar: 'ارتفاع INR متوقع مع الوارفارين، ويحدد له طبيبك مدى مستهدفًا أعلى من المدى المعتاد. ودون الوارفارين قد يكون علامة على نقص فيتامين ك أو حالة في الكبد. وقد تغيّره المضادات الحيوية والمنتجات العشبية وتغيّر النظام الغذائي. ويقرؤه طبيبك مع الأدوية التي تتناولها.',
      },
      causes: ['medication', 'supplements', 'diet'],
    },
    seeDoctor: SEE_DOCTOR_CLOTTING,
    source: MEDLINE,
  },
  {
    loinc: '48065-7',
    measures: {
      en: 'D-dimer is a fragment released when a blood clot breaks down. A normal value helps rule out a clot.',
      ar: 'D-dimer جزء صغير يتحرر عند تفكك الجلطة الدموية، وتساعد القيمة الطبيعية على استبعاد وجود جلطة.',
    },
    high: {
      means: {
        en: 'A raised D-dimer is common and does not by itself show a clot: it also rises with age, in pregnancy, after an operation or injury, and with infection or inflammation. Only with symptoms can it be a sign of a clot in the legs or lungs. Your doctor will read it with how you feel and decide whether a scan is needed.',
        ar: 'ارتفاع D-dimer شائع ولا يدل وحده على وجود جلطة، فهو يرتفع أيضًا مع التقدم في العمر، وأثناء الحمل، وبعد العمليات الجراحية أو الإصابات، ومع العدوى أو الالتهاب، ولا يكون علامة محتملة على جلطة في الساقين أو الرئتين إلا مع وجود أعراض. ويقرؤه طبيبك مع الأعراض التي تشعر بها ويقرر إن كانت تلزم أشعة.',
      },
      meansForMen: {
        en: 'A raised D-dimer is common and does not by itself show a clot: it also rises with age, after an operation or injury, and with infection or inflammation. Only with symptoms can it be a sign of a clot in the legs or lungs. Your doctor will read it with how you feel and decide whether a scan is needed.',
        ar: 'ارتفاع D-dimer شائع ولا يدل وحده على وجود جلطة، فهو يرتفع أيضًا مع التقدم في العمر، وبعد العمليات الجراحية أو الإصابات، ومع العدوى أو الالتهاب، ولا يكون علامة محتملة على جلطة في الساقين أو الرئتين إلا مع وجود أعراض. ويقرؤه طبيبك مع الأعراض التي تشعر بها ويقرر إن كانت تلزم أشعة.',
      },
      causes: ['age', 'pregnancy', 'recentIllness'],
    },
    seeDoctor: {
      en: 'Seek care at once if chest pain, sudden shortness of breath, coughing blood, or a painful swollen leg appear; otherwise, see a doctor soon to discuss it.',
      ar: 'اطلب الرعاية فورًا إن ظهر ألم في الصدر أو ضيق مفاجئ في التنفس أو سعال مصحوب بدم أو تورم مؤلم في إحدى الساقين، وإلا فراجع الطبيب قريبًا لمناقشة النتيجة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '4551-8',
    measures: {
      en: 'Haemoglobin A2 is a minor type of adult haemoglobin. Its share is measured to look for beta thalassaemia trait.',
      ar: 'الهيموغلوبين A2 نوع ثانوي من هيموغلوبين البالغين، وتُقاس نسبته للكشف عن سمة ثلاسيميا بيتا.',
    },
    high: {
      means: {
        en: 'A raised haemoglobin A2 is commonly a sign of beta thalassaemia trait, which is common in Saudi Arabia, usually causes no illness, and matters mainly when planning a family. Low iron can hide a raised value. Your doctor will read it with your blood count and may suggest checking your family.',
        ar: 'يدل ارتفاع الهيموغلوبين A2 عادةً على سمة ثلاسيميا بيتا، وهي شائعة في المملكة ولا تسبب مرضًا في الغالب، وتكمن أهميتها أساسًا عند التخطيط لتكوين أسرة. وقد يُخفي نقص الحديد ارتفاع القيمة. ويقرؤه طبيبك مع تعداد الدم وقد يقترح فحص أفراد الأسرة.',
      },
      causes: [],
    },
    seeDoctor: SEE_DOCTOR_INHERITED,
    source: MEDLINE,
  },
  {
    loinc: '4576-5',
    measures: {
      en: 'Haemoglobin F is the haemoglobin of the unborn baby; after the first months of life only a little remains.',
      ar: 'الهيموغلوبين F هو هيموغلوبين الجنين، ولا يبقى منه بعد الأشهر الأولى من العمر إلا القليل.',
    },
    high: {
      means: {
        en: 'A raised haemoglobin F is normal in babies, and is commonly seen in pregnancy, with some thalassaemia traits, with sickle cell conditions and their treatment, and as a harmless inherited trait. Your doctor will read it with your other haemoglobin types and your blood count.',
        ar: 'ارتفاع الهيموغلوبين F طبيعي لدى الرضّع، ويُرى عادةً أثناء الحمل، ومع بعض سمات الثلاسيميا، ومع حالات فقر الدم المنجلي وعلاجها، وكصفة وراثية غير ضارة. ويقرؤه طبيبك مع أنواع الهيموغلوبين الأخرى وتعداد الدم.',
      },
      meansForMen: {
        en: 'A raised haemoglobin F is normal in babies, and is commonly seen with some thalassaemia traits, with sickle cell conditions and their treatment, and as a harmless inherited trait. Your doctor will read it with your other haemoglobin types and your blood count.',
        ar: 'ارتفاع الهيموغلوبين F طبيعي لدى الرضّع، ويُرى عادةً مع بعض سمات الثلاسيميا، ومع حالات فقر الدم المنجلي وعلاجها، وكصفة وراثية غير ضارة. ويقرؤه طبيبك مع أنواع الهيموغلوبين الأخرى وتعداد الدم.',
      },
      causes: ['pregnancy', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_INHERITED,
    source: MEDLINE,
  },
  {
    loinc: '4625-0',
    measures: {
      en: 'Haemoglobin S is the type of haemoglobin behind sickle cell trait and sickle cell disease; it is normally absent.',
      ar: 'الهيموغلوبين S هو نوع الهيموغلوبين المرتبط بسمة الخلية المنجلية وفقر الدم المنجلي، ولا يوجد في الأحوال الطبيعية.',
    },
    high: {
      means: {
        en: 'Haemoglobin S is common in Saudi Arabia. A smaller share is commonly seen with sickle cell trait, which usually causes no illness but matters when planning a family; a large share can be a sign of sickle cell disease. A recent blood transfusion changes the result. Your doctor will explain what your share means and may suggest checking your family.',
        ar: 'وجود الهيموغلوبين S شائع في المملكة. وتُرى النسبة الصغيرة منه عادةً مع سمة الخلية المنجلية، التي لا تسبب مرضًا في الغالب لكنها مهمة عند التخطيط لتكوين أسرة، أما النسبة الكبيرة فقد تكون علامة على فقر الدم المنجلي. ويغيّر نقل الدم الحديث النتيجة. ويشرح لك طبيبك دلالة نسبتك وقد يقترح فحص أفراد الأسرة.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'See a doctor soon if attacks of pain, fever, shortness of breath or yellow eyes appear; otherwise, discuss it at your next visit, especially before marriage or a pregnancy.',
      ar: 'راجع الطبيب قريبًا إن ظهرت نوبات ألم أو حمّى أو ضيق في التنفس أو اصفرار في العينين، وإلا فناقش النتيجة في زيارتك القادمة، ولا سيما قبل الزواج أو الحمل.',
    },
    source: MEDLINE,
  },
  {
    loinc: '32546-4',
    measures: {
      en: 'G6PD is an enzyme that protects red blood cells from damage. This test measures how active it is.',
      ar: 'G6PD إنزيم يحمي كريات الدم الحمراء من التلف، ويقيس هذا التحليل مدى نشاطه.',
    },
    low: {
      means: {
        en: 'A low activity is commonly a sign of G6PD deficiency, an inherited trait that is common in Saudi Arabia, especially in men. Most people with it feel well, but fava beans, some medicines and infections can make their red cells break down. Your doctor will tell you which foods and medicines to avoid.',
        ar: 'يدل انخفاض النشاط عادةً على نقص إنزيم G6PD، وهو صفة وراثية شائعة في المملكة، ولا سيما لدى الرجال. ويشعر معظم من لديهم هذا النقص بالعافية، لكن الفول وبعض الأدوية والعدوى قد تؤدي إلى تكسر كريات الدم الحمراء لديهم. ويخبرك طبيبك بالأطعمة والأدوية التي ينبغي تجنبها.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'Seek care at once if dark urine, yellow eyes or skin, or sudden tiredness with shortness of breath appear; otherwise, discuss it at your next visit.',
      ar: 'اطلب الرعاية فورًا إن ظهر بول داكن أو اصفرار في العينين أو الجلد أو إرهاق مفاجئ مع ضيق في التنفس، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  // ───────────── Glucose and diabetes ─────────────
  {
    loinc: '1558-6',
    measures: {
      en: 'Fasting glucose is the sugar in your blood after not eating for several hours. It is used to look for diabetes and prediabetes.',
      ar: 'السكر الصائم هو مستوى السكر في الدم بعد الامتناع عن الأكل عدة ساعات، ويُستخدم للكشف عن السكري ومقدمات السكري.',
    },
    high: {
      means: {
        en: 'A high fasting glucose can be a sign of prediabetes or diabetes, but one result is not enough: not having fasted, stress, illness and some medicines such as steroids raise it too. Your doctor will usually confirm it with a repeat test or an HbA1c.',
        ar: 'قد يكون ارتفاع السكر الصائم علامة على مقدمات السكري أو السكري، لكن نتيجة واحدة لا تكفي، فعدم الصيام والإجهاد والمرض وبعض الأدوية مثل الكورتيزون ترفعه أيضًا. وعادةً ما يتأكد طبيبك بإعادة التحليل أو بتحليل HbA1c.',
      },
      causes: ['notFasting', 'ramadan', 'diet', 'medication', 'recentIllness'],
    },
    low: { means: LOW_GLUCOSE, causes: ['fasting', 'ramadan', 'exercise', 'medication', 'sampleHandling'] },
    seeDoctor: SEE_DOCTOR_GLUCOSE,
    source: MEDLINE,
  },
  {
    loinc: '2345-7',
    measures: {
      en: 'Random glucose is the sugar in your blood at any time of day, whenever you last ate.',
      ar: 'السكر العشوائي هو مستوى السكر في الدم في أي وقت من اليوم، بغض النظر عن موعد آخر وجبة.',
    },
    high: {
      means: {
        en: 'A high random glucose can be a sign of diabetes, especially with thirst and frequent urination, but a recent sweet meal, stress, illness and steroid medicines also raise it. Your doctor will usually confirm it with a fasting glucose or an HbA1c.',
        ar: 'قد يكون ارتفاع السكر العشوائي علامة على السكري، ولا سيما مع العطش وكثرة التبول، لكن الوجبة السكرية الحديثة والإجهاد والمرض وأدوية الكورتيزون ترفعه أيضًا. وعادةً ما يتأكد طبيبك بتحليل السكر الصائم أو HbA1c.',
      },
      causes: ['diet', 'ramadan', 'medication', 'recentIllness'],
    },
    low: { means: LOW_GLUCOSE, causes: ['fasting', 'ramadan', 'exercise', 'medication', 'sampleHandling'] },
    seeDoctor: SEE_DOCTOR_GLUCOSE,
    source: MEDLINE,
  },
  {
    loinc: '4548-4',
    measures: {
      en: 'HbA1c shows your average blood sugar over the past two to three months.',
      ar: 'يعكس HbA1c (السكر التراكمي) متوسط السكر في دمك خلال الشهرين أو الثلاثة الماضية.',
    },
    high: {
      means: {
        en: 'A raised HbA1c can be a sign of prediabetes or diabetes; the report’s range shows where yours falls. Anaemia, recent blood loss or transfusion, pregnancy and some inherited haemoglobin types common in Saudi Arabia can make it read higher or lower than the true average. Your doctor will confirm it before any decision.',
        ar: 'قد يكون ارتفاع HbA1c علامة على مقدمات السكري أو السكري، ويبيّن المدى المرجعي في التقرير موقع نتيجتك. وقد يجعله فقر الدم أو فقدان الدم أو نقله حديثًا أو الحمل أو بعض أنواع الهيموغلوبين الوراثية الشائعة في المملكة أعلى أو أقل من المتوسط الحقيقي. ويتأكد طبيبك منه قبل أي قرار.',
      },
      meansForMen: {
        en: 'A raised HbA1c can be a sign of prediabetes or diabetes; the report’s range shows where yours falls. Anaemia, recent blood loss or transfusion, and some inherited haemoglobin types common in Saudi Arabia can make it read higher or lower than the true average. Your doctor will confirm it before any decision.',
        ar: 'قد يكون ارتفاع HbA1c علامة على مقدمات السكري أو السكري، ويبيّن المدى المرجعي في التقرير موقع نتيجتك. وقد يجعله فقر الدم أو فقدان الدم أو نقله حديثًا أو بعض أنواع الهيموغلوبين الوراثية الشائعة في المملكة أعلى أو أقل من المتوسط الحقيقي. ويتأكد طبيبك منه قبل أي قرار.',
      },
      // No common cause outside disease raises the long-run average itself; the ones that skew the
      // reading (anaemia, transfusion, haemoglobin variants) are named in the text.
      causes: [],
    },
    seeDoctor: {
      en: 'Discuss it with your doctor at your next visit; see a doctor soon if extreme thirst, frequent urination, weight loss or blurred vision appear.',
      ar: 'ناقش النتيجة مع طبيبك في زيارتك القادمة، وراجعه قريبًا إن ظهر عطش شديد أو كثرة تبول أو نقص في الوزن أو تشوش في الرؤية.',
    },
    source: MEDLINE,
  },
  {
    loinc: '20448-7',
    measures: {
      en: 'Fasting insulin is the level of the hormone that moves sugar from the blood into the body’s cells, measured after not eating.',
      ar: 'الإنسولين الصائم هو مستوى الهرمون الذي ينقل السكر من الدم إلى خلايا الجسم، ويُقاس بعد الامتناع عن الأكل.',
    },
    high: {
      means: {
        en: 'A high fasting insulin is commonly seen with insulin resistance, which often goes with extra weight around the waist and can come years before diabetes; not having fasted raises it too. Your doctor will read it with your glucose.',
        ar: 'يُرى ارتفاع الإنسولين الصائم عادةً مع مقاومة الإنسولين، التي ترتبط كثيرًا بزيادة الوزن حول الخصر وقد تسبق السكري بسنوات، كما يرفعه عدم الصيام. ويقرؤه طبيبك مع نتيجة السكر.',
      },
      causes: ['notFasting', 'diet', 'pregnancy', 'medication', 'biotin'],
    },
    low: {
      means: {
        en: 'A low fasting insulin usually means little on its own; with a high glucose it can be a sign that the body makes too little insulin. Your doctor will read it with your glucose.',
        ar: 'انخفاض الإنسولين الصائم وحده قليل الدلالة عادةً، لكنه مع ارتفاع السكر قد يكون علامة على أن الجسم ينتج إنسولينًا أقل من حاجته. ويقرؤه طبيبك مع نتيجة السكر.',
      },
      causes: ['fasting', 'biotin'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },

  {
    loinc: '1518-0',
    measures: {
      en: 'This is your blood sugar two hours after drinking a measured glucose drink. It shows how well your body handles a load of sugar.',
      ar: 'هذا هو مستوى السكر في الدم بعد ساعتين من شرب محلول سكري بكمية محددة، ويبيّن مدى قدرة جسمك على التعامل مع حمل من السكر.',
    },
    high: {
      means: {
        en: 'A high value can be a sign of prediabetes or diabetes; the report’s range shows where yours falls. Illness, stress, some medicines such as steroids, and eating very little carbohydrate in the days before the test can raise it, and in pregnancy other limits apply. Your doctor will usually confirm it with a repeat test or an HbA1c.',
        ar: 'قد يكون ارتفاع القيمة علامة على مقدمات السكري أو السكري، ويبيّن المدى المرجعي في التقرير موقع نتيجتك. وقد يرفعها المرض أو الإجهاد أو بعض الأدوية مثل الكورتيزون أو الإقلال الشديد من النشويات في الأيام السابقة للتحليل، وتُعتمد حدود أخرى أثناء الحمل. وعادةً ما يتأكد طبيبك بإعادة التحليل أو بتحليل HbA1c.',
      },
      meansForMen: {
        en: 'A high value can be a sign of prediabetes or diabetes; the report’s range shows where yours falls. Illness, stress, some medicines such as steroids, and eating very little carbohydrate in the days before the test can raise it. Your doctor will usually confirm it with a repeat test or an HbA1c.',
        ar: 'قد يكون ارتفاع القيمة علامة على مقدمات السكري أو السكري، ويبيّن المدى المرجعي في التقرير موقع نتيجتك. وقد يرفعها المرض أو الإجهاد أو بعض الأدوية مثل الكورتيزون أو الإقلال الشديد من النشويات في الأيام السابقة للتحليل. وعادةً ما يتأكد طبيبك بإعادة التحليل أو بتحليل HbA1c.',
      },
      causes: ['diet', 'medication', 'recentIllness', 'pregnancy'],
    },
    seeDoctor: SEE_DOCTOR_GLUCOSE,
    source: MEDLINE,
  },

  // ───────────── Kidney ─────────────
  {
    loinc: '9318-7',
    measures: {
      en: 'The urine albumin-to-creatinine ratio looks for small amounts of protein leaking from the kidneys into the urine, an early sign of kidney strain from diabetes or high blood pressure.',
      ar: 'تبحث نسبة الألبومين إلى الكرياتينين في البول عن كميات صغيرة من البروتين تتسرب من الكلى إلى البول، وهي علامة مبكرة على إجهاد الكلى بسبب السكري أو ارتفاع ضغط الدم.',
    },
    high: {
      means: {
        en: 'A raised ratio can be a sign of early kidney damage, commonly linked to diabetes or high blood pressure, but hard exercise, fever, a urine infection or menstrual blood can raise it for a while, so it is usually confirmed on repeat samples. Your doctor will decide how to follow it.',
        ar: 'قد يكون ارتفاع النسبة علامة على ضرر مبكر في الكلى، ويرتبط عادةً بالسكري أو ارتفاع ضغط الدم، لكن التمارين الشاقة أو الحمّى أو التهاب المسالك البولية أو دم الحيض قد ترفعها مؤقتًا، لذا يُتأكد منها عادةً بإعادة العينة. ويقرر طبيبك طريقة متابعتها.',
      },
      meansForMen: {
        en: 'A raised ratio can be a sign of early kidney damage, commonly linked to diabetes or high blood pressure, but hard exercise, fever or a urine infection can raise it for a while, so it is usually confirmed on repeat samples. Your doctor will decide how to follow it.',
        ar: 'قد يكون ارتفاع النسبة علامة على ضرر مبكر في الكلى، ويرتبط عادةً بالسكري أو ارتفاع ضغط الدم، لكن التمارين الشاقة أو الحمّى أو التهاب المسالك البولية قد ترفعها مؤقتًا، لذا يُتأكد منها عادةً بإعادة العينة. ويقرر طبيبك طريقة متابعتها.',
      },
      causes: ['exercise', 'recentIllness', 'menstruation'],
    },
    seeDoctor: SEE_DOCTOR_URINE_ALBUMIN,
    source: MEDLINE,
  },
  {
    loinc: '2160-0',
    measures: {
      en: 'Creatinine is a waste product from the muscles that the kidneys filter out. Its level is used to estimate how well the kidneys work.',
      ar: 'الكرياتينين فضلات تنتجها العضلات وتصفّيها الكلى، ويُستخدم مستواه لتقدير كفاءة عمل الكلى.',
    },
    high: {
      means: {
        en: 'A high creatinine can be a sign that the kidneys are filtering less well, but it is also commonly raised by dehydration, hard exercise, a large meat meal, creatine supplements, a large muscle build and some medicines. Your doctor will read it with your eGFR and may repeat it.',
        ar: 'قد يكون ارتفاع الكرياتينين علامة على تراجع ترشيح الكلى، لكنه يرتفع كذلك عادةً مع الجفاف والتمارين الشاقة ووجبة كبيرة من اللحم ومكملات الكرياتين وضخامة الكتلة العضلية وبعض الأدوية. ويقرؤه طبيبك مع eGFR وقد يعيد التحليل.',
      },
      causes: ['dehydration', 'exercise', 'diet', 'supplements', 'medication'],
    },
    low: {
      means: {
        en: 'A low creatinine usually reflects a small muscle mass and is rarely a concern; it is also lower in pregnancy. Your doctor will read it with your other results.',
        ar: 'يعكس انخفاض الكرياتينين عادةً قلة الكتلة العضلية، ونادرًا ما يدعو إلى القلق، ويكون أقل كذلك أثناء الحمل. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A low creatinine usually reflects a small muscle mass and is rarely a concern. Your doctor will read it with your other results.',
        ar: 'يعكس انخفاض الكرياتينين عادةً قلة الكتلة العضلية، ونادرًا ما يدعو إلى القلق. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['pregnancy', 'age'],
    },
    seeDoctor: {
      en: 'See a doctor soon if you pass much less urine than usual, or notice swelling or unusual tiredness; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن قلّ بولك كثيرًا عن المعتاد أو لاحظت تورمًا أو إرهاقًا غير معتاد، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '3094-0',
    measures: {
      en: 'Blood urea nitrogen is a waste product from the breakdown of protein, removed by the kidneys.',
      ar: 'نيتروجين اليوريا في الدم من فضلات تكسير البروتين، وتتخلص منه الكلى.',
    },
    high: {
      means: {
        en: 'A high urea is commonly seen with dehydration or a high-protein diet, and can be a sign of reduced kidney function or of bleeding in the stomach. Your doctor will read it with your creatinine.',
        ar: 'يُرى ارتفاع اليوريا عادةً مع الجفاف أو النظام الغذائي الغني بالبروتين، وقد يكون علامة على تراجع وظائف الكلى أو على نزيف في المعدة. ويقرؤه طبيبك مع نتيجة الكرياتينين.',
      },
      causes: ['dehydration', 'diet', 'medication'],
    },
    low: {
      means: {
        en: 'A low urea is usually harmless and commonly seen with a low-protein diet, pregnancy or drinking a lot of fluid; rarely it reflects a liver condition. Your doctor will read it with your other results.',
        ar: 'انخفاض اليوريا غير ضار عادةً، ويُرى مع النظام الغذائي قليل البروتين أو الحمل أو كثرة شرب السوائل، ونادرًا ما يعكس حالة في الكبد. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A low urea is usually harmless and commonly seen with a low-protein diet or drinking a lot of fluid; rarely it reflects a liver condition. Your doctor will read it with your other results.',
        ar: 'انخفاض اليوريا غير ضار عادةً، ويُرى مع النظام الغذائي قليل البروتين أو كثرة شرب السوائل، ونادرًا ما يعكس حالة في الكبد. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['diet', 'pregnancy', 'overhydration'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '98979-8',
    measures: {
      en: 'eGFR estimates how much blood your kidneys filter each minute, worked out from your creatinine, age and sex.',
      ar: 'يقدّر eGFR كمية الدم التي تصفّيها كليتاك في الدقيقة، ويُحسب من الكرياتينين والعمر والجنس.',
    },
    low: {
      means: {
        en: 'A low eGFR can be a sign of reduced kidney function, but it falls gently with age, and dehydration, hard exercise, a large meat meal or creatine supplements can lower it for a while. Kidney disease is only considered when it stays low for months. Your doctor will read it with your urine tests.',
        ar: 'قد يكون انخفاض eGFR علامة على تراجع وظائف الكلى، لكنه ينخفض قليلًا مع التقدم في العمر، وقد يخفضه مؤقتًا الجفاف أو التمارين الشاقة أو وجبة كبيرة من اللحم أو مكملات الكرياتين. ولا يُنظر في مرض الكلى إلا إذا بقي منخفضًا عدة أشهر. ويقرؤه طبيبك مع تحاليل البول.',
      },
      causes: ['age', 'dehydration', 'exercise', 'diet', 'supplements', 'medication'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; see a doctor soon if the value is much lower than before, or if swelling, shortness of breath or much less urine appear.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وراجع الطبيب قريبًا إن كانت القيمة أقل بكثير من سابقتها، أو ظهر تورم أو ضيق في التنفس أو قلّ البول كثيرًا.',
    },
    source: MEDLINE,
  },
  {
    loinc: '3084-1',
    measures: {
      en: 'Uric acid is a waste product from the breakdown of purines, found in the body and in foods such as red meat, organ meat and seafood.',
      ar: 'حمض اليوريك من فضلات تكسير البيورينات الموجودة في الجسم وفي أطعمة مثل اللحوم الحمراء والأحشاء والمأكولات البحرية.',
    },
    high: {
      means: {
        en: 'A high uric acid is common and often causes no trouble, but in some people it can lead to gout or kidney stones. Red meat, organ meat, seafood, sugary drinks, dehydration, fasting and some water pills raise it. Your doctor will decide whether it needs anything.',
        ar: 'ارتفاع حمض اليوريك شائع وكثيرًا لا يسبب مشكلات، لكنه قد يؤدي لدى بعض الناس إلى النقرس أو حصى الكلى. وترفعه اللحوم الحمراء والأحشاء والمأكولات البحرية والمشروبات المحلاة والجفاف والصيام وبعض مدرات البول. ويقرر طبيبك إن كان يحتاج إلى شيء.',
      },
      causes: ['diet', 'dehydration', 'fasting', 'ramadan', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor soon if a joint suddenly becomes hot, swollen and painful, or if pain in the side or blood in the urine appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن أصبح أحد المفاصل فجأة ساخنًا متورمًا مؤلمًا، أو ظهر ألم في الخاصرة أو دم في البول، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  {
    loinc: '1754-1',
    measures: {
      en: 'This measures albumin, a blood protein, in a urine sample. It is read with urine creatinine as a ratio, because urine is sometimes more and sometimes less concentrated.',
      ar: 'يقيس هذا التحليل الألبومين، وهو من بروتينات الدم، في عينة البول، ويُقرأ مع كرياتينين البول في صورة نسبة، لأن البول يكون أحيانًا أكثر تركيزًا وأحيانًا أقل.',
    },
    high: {
      means: {
        en: 'A raised urine albumin can be a sign of early kidney strain, commonly linked to diabetes or high blood pressure, but concentrated urine, hard exercise, fever, a urine infection or menstrual blood can raise it for a while. Your doctor will read it with the albumin-to-creatinine ratio and usually repeats it.',
        ar: 'قد يكون ارتفاع الألبومين في البول علامة على إجهاد مبكر في الكلى، ويرتبط عادةً بالسكري أو ارتفاع ضغط الدم، لكن تركّز البول والتمارين الشاقة والحمّى والتهاب المسالك البولية ودم الحيض قد ترفعه مؤقتًا. ويقرؤه طبيبك مع نسبة الألبومين إلى الكرياتينين وعادةً ما يعيده.',
      },
      meansForMen: {
        en: 'A raised urine albumin can be a sign of early kidney strain, commonly linked to diabetes or high blood pressure, but concentrated urine, hard exercise, fever or a urine infection can raise it for a while. Your doctor will read it with the albumin-to-creatinine ratio and usually repeats it.',
        ar: 'قد يكون ارتفاع الألبومين في البول علامة على إجهاد مبكر في الكلى، ويرتبط عادةً بالسكري أو ارتفاع ضغط الدم، لكن تركّز البول والتمارين الشاقة والحمّى والتهاب المسالك البولية قد ترفعه مؤقتًا. ويقرؤه طبيبك مع نسبة الألبومين إلى الكرياتينين وعادةً ما يعيده.',
      },
      causes: ['exercise', 'recentIllness', 'dehydration', 'urineSample'],
    },
    seeDoctor: SEE_DOCTOR_URINE_ALBUMIN,
    source: MEDLINE,
  },
  {
    loinc: '2161-8',
    measures: {
      en: 'Creatinine in urine shows how concentrated a urine sample is, so that other substances measured in it, such as albumin, can be compared fairly.',
      ar: 'يبيّن الكرياتينين في البول مدى تركيز عينة البول، لتُقارن المواد الأخرى المقيسة فيها، مثل الألبومين، مقارنة منصفة.',
    },
    high: {
      means: {
        en: 'A high urine creatinine usually means the urine was concentrated, as when you drink little or sweat in the heat, and it is also higher with a large muscle build, a meat-rich diet or creatine supplements. Your doctor will read it with the ratio it is used for.',
        ar: 'يعني ارتفاع الكرياتينين في البول عادةً أن البول كان مركّزًا، كما عند قلة الشرب أو التعرق في الحر، ويكون أعلى كذلك مع ضخامة الكتلة العضلية أو الغذاء الغني باللحوم أو مكملات الكرياتين. ويقرؤه طبيبك مع النسبة التي يُستخدم لها.',
      },
      causes: ['dehydration', 'diet', 'supplements'],
    },
    low: {
      means: {
        en: 'A low urine creatinine usually means the urine was dilute, from drinking a lot shortly before the sample, which can make other urine results harder to read. Your doctor may ask for a repeat sample.',
        ar: 'يعني انخفاض الكرياتينين في البول عادةً أن البول كان مخففًا بسبب كثرة الشرب قبل أخذ العينة بوقت قصير، وقد يصعّب ذلك تفسير نتائج البول الأخرى. وقد يطلب طبيبك إعادة العينة.',
      },
      causes: ['overhydration'],
    },
    seeDoctor: {
      en: 'This result is mainly used to read others; discuss it at your next visit.',
      ar: 'تُستخدم هذه النتيجة أساسًا لتفسير نتائج أخرى، فناقشها في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  // ───────────── Lipids ─────────────
  {
    loinc: '2093-3',
    measures: {
      en: 'Total cholesterol is all the cholesterol in your blood, the harmful and the protective kinds together.',
      ar: 'الكوليسترول الكلي هو مجموع الكوليسترول في دمك، الضار والنافع معًا.',
    },
    high: {
      means: {
        en: 'A high total cholesterol can raise the risk of heart disease over the years, depending on how much of it is LDL and how much HDL. Diet, weight, inactivity and family history play a part, and Ramadan or a recent fatty meal can shift it. Your doctor will judge your overall risk.',
        ar: 'قد يزيد ارتفاع الكوليسترول الكلي خطر أمراض القلب على مر السنين، بحسب نصيب الكوليسترول الضار (LDL) والنافع (HDL) منه. ويؤثر فيه الغذاء والوزن وقلة الحركة والتاريخ العائلي، وقد يغيّره صيام رمضان أو وجبة دسمة حديثة. ويقدّر طبيبك مستوى الخطر لديك بشكل عام.',
      },
      causes: ['diet', 'ramadan', 'notFasting', 'pregnancy', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_LIPIDS,
    source: MEDLINE,
  },
  {
    loinc: '2571-8',
    measures: {
      en: 'Triglycerides are the main fats in the blood; they rise after meals and are stored for energy.',
      ar: 'الدهون الثلاثية هي الدهون الرئيسية في الدم، ترتفع بعد الوجبات وتُخزَّن مصدرًا للطاقة.',
    },
    high: {
      means: {
        en: 'High triglycerides are commonly seen after a recent meal, with sugary foods and drinks, extra weight, alcohol, poorly controlled diabetes and some medicines, and they add to heart risk. Very high levels can inflame the pancreas. Your doctor may repeat the test after a proper fast.',
        ar: 'يُرى ارتفاع الدهون الثلاثية عادةً بعد وجبة حديثة، ومع الأطعمة والمشروبات السكرية وزيادة الوزن والكحول وعدم ضبط السكري وبعض الأدوية، وهو يزيد خطر أمراض القلب. وقد تسبب المستويات المرتفعة جدًا التهاب البنكرياس. وقد يعيد طبيبك التحليل بعد صيام صحيح.',
      },
      causes: ['notFasting', 'diet', 'ramadan', 'pregnancy', 'medication'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; seek care at once if severe pain in the upper belly spreading to the back appears.',
      ar: 'ناقش النتيجة في زيارتك القادمة، واطلب الرعاية فورًا إن ظهر ألم شديد في أعلى البطن يمتد إلى الظهر.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2085-9',
    measures: {
      en: 'HDL is the protective cholesterol that carries cholesterol away from the arteries.',
      ar: 'الكوليسترول النافع (HDL) يحمل الكوليسترول بعيدًا عن الشرايين.',
    },
    low: {
      means: {
        en: 'A low HDL can add to heart risk. It is commonly seen with smoking, inactivity, extra weight, high triglycerides and a diet rich in refined carbohydrates. Your doctor will weigh it with your other lipid results.',
        ar: 'قد يزيد انخفاض الكوليسترول النافع (HDL) خطر أمراض القلب، ويُرى عادةً مع التدخين وقلة الحركة وزيادة الوزن وارتفاع الدهون الثلاثية والإكثار من النشويات المكررة. ويقدّره طبيبك مع بقية نتائج الدهون.',
      },
      causes: ['smoking', 'diet', 'ramadan', 'medication', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_LIPIDS,
    source: MEDLINE,
  },
  {
    loinc: '13457-7',
    measures: {
      en: 'LDL is the harmful cholesterol that can build up in the walls of the arteries. This value is calculated from your other lipid results.',
      ar: 'الكوليسترول الضار (LDL) قد يتراكم في جدران الشرايين، وتُحسب هذه القيمة من نتائج الدهون الأخرى.',
    },
    high: {
      means: {
        en: 'A high LDL raises the risk of heart disease and stroke over the years; how much it matters depends on your overall risk. Diet, weight and family history play a part, and because it is calculated, a recent meal or Ramadan fasting can shift it. Your doctor will judge your risk and whether treatment would help.',
        ar: 'يزيد ارتفاع الكوليسترول الضار (LDL) خطر أمراض القلب والسكتة الدماغية على مر السنين، وتتوقف أهميته على مستوى الخطر العام لديك. ويؤثر فيه الغذاء والوزن والتاريخ العائلي، ولأنه قيمة محسوبة فقد تغيّره وجبة حديثة أو صيام رمضان. ويقدّر طبيبك الخطر لديك وهل يفيد العلاج.',
      },
      causes: ['notFasting', 'diet', 'ramadan', 'pregnancy', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_LIPIDS,
    source: MEDLINE,
  },
  {
    loinc: '43396-1',
    measures: {
      en: 'Non-HDL cholesterol is your total cholesterol minus HDL: all the cholesterol that can harm the arteries.',
      ar: 'الكوليسترول غير النافع (Non-HDL) هو الكوليسترول الكلي مطروحًا منه النافع (HDL)، أي كل الكوليسترول الذي قد يضر بالشرايين.',
    },
    high: {
      means: {
        en: 'A high non-HDL cholesterol raises heart risk over the years, much like LDL, and also counts the fats that rise with high triglycerides. Your doctor will judge your overall risk.',
        ar: 'يزيد ارتفاع الكوليسترول غير النافع (Non-HDL) خطر أمراض القلب على مر السنين كما يفعل الكوليسترول الضار (LDL)، ويشمل كذلك الدهون التي ترتفع مع ارتفاع الدهون الثلاثية. ويقدّر طبيبك مستوى الخطر لديك.',
      },
      causes: ['diet', 'ramadan', 'notFasting', 'pregnancy', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_LIPIDS,
    source: MEDLINE,
  },

  // ───────────── Thyroid ─────────────
  {
    loinc: '3016-3',
    measures: {
      en: 'TSH is the pituitary hormone that tells the thyroid gland how hard to work. It is the first test of thyroid function.',
      ar: 'TSH هرمون تفرزه الغدة النخامية ليضبط مقدار نشاط الغدة الدرقية، وهو أول تحليل لوظائف الغدة الدرقية.',
    },
    high: {
      means: {
        en: 'A high TSH can be a sign of an underactive thyroid and is read with free T4. It can also rise for a while after an illness or with some medicines, and biotin supplements can distort the result. Your doctor usually repeats it before deciding.',
        ar: 'قد يكون ارتفاع TSH علامة على خمول الغدة الدرقية، ويُقرأ مع هرمون الثيروكسين الحر (FT4). وقد يرتفع مؤقتًا بعد مرض أو مع بعض الأدوية، وقد تشوّه مكملات البيوتين النتيجة. وعادةً ما يعيده طبيبك قبل أن يقرر.',
      },
      causes: ['biotin', 'supplements', 'recentIllness', 'medication', 'pregnancy'],
    },
    low: {
      means: {
        en: 'A low TSH can be a sign of an overactive thyroid or of too high a dose of thyroid medicine, and is read with free T4 and T3. Early pregnancy, a recent illness, steroids and biotin supplements can also lower it. Your doctor will read it with your other thyroid results.',
        ar: 'قد يكون انخفاض TSH علامة على فرط نشاط الغدة الدرقية أو على جرعة زائدة من دواء الغدة، ويُقرأ مع FT4 وFT3. وقد يخفضه أيضًا الحمل المبكر أو مرض حديث أو الكورتيزون أو مكملات البيوتين. ويقرؤه طبيبك مع بقية نتائج الغدة الدرقية.',
      },
      meansForMen: {
        en: 'A low TSH can be a sign of an overactive thyroid or of too high a dose of thyroid medicine, and is read with free T4 and T3. A recent illness, steroids and biotin supplements can also lower it. Your doctor will read it with your other thyroid results.',
        ar: 'قد يكون انخفاض TSH علامة على فرط نشاط الغدة الدرقية أو على جرعة زائدة من دواء الغدة، ويُقرأ مع FT4 وFT3. وقد يخفضه أيضًا مرض حديث أو الكورتيزون أو مكملات البيوتين. ويقرؤه طبيبك مع بقية نتائج الغدة الدرقية.',
      },
      causes: ['pregnancy', 'biotin', 'medication', 'recentIllness', 'supplements'],
    },
    seeDoctor: SEE_DOCTOR_THYROID,
    source: MEDLINE,
  },
  {
    loinc: '3024-7',
    measures: {
      en: 'Free T4 (thyroxine) is the main hormone made by the thyroid gland, in the form the body can use.',
      ar: 'هرمون الثيروكسين الحر (FT4) هو الهرمون الرئيسي الذي تنتجه الغدة الدرقية، في صورته التي يستطيع الجسم استخدامها.',
    },
    high: {
      means: {
        en: 'A high free T4 can be a sign of an overactive thyroid or of too much thyroid medicine. Biotin supplements, some medicines and a recent illness can also raise the result. Your doctor will read it with your TSH.',
        ar: 'قد يكون ارتفاع FT4 علامة على فرط نشاط الغدة الدرقية أو على جرعة زائدة من دوائها، وقد ترفع النتيجةَ أيضًا مكملاتُ البيوتين وبعض الأدوية ومرضٌ حديث. ويقرؤه طبيبك مع TSH.',
      },
      causes: ['biotin', 'supplements', 'medication', 'recentIllness'],
    },
    low: {
      means: {
        en: 'A low free T4 can be a sign of an underactive thyroid, especially with a high TSH. It is also lower in later pregnancy and after a serious illness. Your doctor will read it with your TSH.',
        ar: 'قد يكون انخفاض FT4 علامة على خمول الغدة الدرقية، ولا سيما مع ارتفاع TSH، ويكون أقل كذلك في المراحل المتأخرة من الحمل وبعد مرض شديد. ويقرؤه طبيبك مع TSH.',
      },
      meansForMen: {
        en: 'A low free T4 can be a sign of an underactive thyroid, especially with a high TSH. It is also lower after a serious illness. Your doctor will read it with your TSH.',
        ar: 'قد يكون انخفاض FT4 علامة على خمول الغدة الدرقية، ولا سيما مع ارتفاع TSH، ويكون أقل كذلك بعد مرض شديد. ويقرؤه طبيبك مع TSH.',
      },
      causes: ['pregnancy', 'recentIllness', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_THYROID,
    source: MEDLINE,
  },
  {
    loinc: '3051-0',
    measures: {
      en: 'Free T3 (triiodothyronine) is the most active thyroid hormone, made by the thyroid and from T4 in the body.',
      ar: 'هرمون ثلاثي يود الثيرونين الحر (FT3) هو أنشط هرمونات الغدة الدرقية، تنتجه الغدة ويتكوّن كذلك في الجسم من T4.',
    },
    high: {
      means: {
        en: 'A high free T3 can be a sign of an overactive thyroid. Biotin supplements and some medicines can also affect the result. Your doctor will read it with your TSH and free T4.',
        ar: 'قد يكون ارتفاع FT3 علامة على فرط نشاط الغدة الدرقية، وقد تؤثر في النتيجة أيضًا مكملات البيوتين وبعض الأدوية. ويقرؤه طبيبك مع TSH وFT4.',
      },
      causes: ['biotin', 'supplements', 'medication'],
    },
    low: {
      means: {
        en: 'A low free T3 is commonly seen during or after an illness, with strict dieting or fasting, and with some medicines, and does not by itself mean a thyroid problem. Your doctor will read it with your TSH and free T4.',
        ar: 'يُرى انخفاض FT3 عادةً أثناء المرض أو بعده، ومع الحمية الصارمة أو الصيام، ومع بعض الأدوية، ولا يعني وحده وجود مشكلة في الغدة الدرقية. ويقرؤه طبيبك مع TSH وFT4.',
      },
      causes: ['recentIllness', 'fasting', 'diet', 'medication'],
    },
    seeDoctor: SEE_DOCTOR_THYROID,
    source: MEDLINE,
  },
  {
    loinc: '8099-4',
    measures: {
      en: 'Anti-TPO antibodies are made by the immune system against the thyroid gland. They show whether the immune system is involved in a thyroid problem.',
      ar: 'الأجسام المضادة Anti-TPO ينتجها جهاز المناعة ضد الغدة الدرقية، وتبيّن هل للمناعة دور في مشكلة الغدة.',
    },
    high: {
      means: {
        en: 'Raised antibodies are common, especially in women, and can be a sign of autoimmune thyroid inflammation (Hashimoto’s), which may slowly make the thyroid underactive over years. Many people with them keep normal thyroid function. Your doctor will read them with your TSH and may check it from time to time.',
        ar: 'ارتفاع هذه الأجسام المضادة شائع، ولا سيما لدى النساء، وقد يكون علامة على التهاب الغدة الدرقية المناعي (هاشيموتو) الذي قد يُضعف نشاط الغدة ببطء على مر السنين، ويحتفظ كثير ممن ترتفع لديهم بوظيفة طبيعية للغدة. ويقرؤها طبيبك مع TSH وقد يتابعه من حين لآخر.',
      },
      causes: ['age'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit, and tell your doctor about any current or planned pregnancy.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وأخبر طبيبك بأي حمل قائم أو مخطط له.',
    },
    source: MEDLINE,
  },

  // ───────────── Vitamins, iron and minerals ─────────────
  {
    loinc: '62292-8',
    measures: {
      en: 'This test measures the vitamin D stored in the body, which is needed for strong bones and muscles.',
      ar: 'يقيس هذا التحليل مخزون فيتامين د في الجسم، وهو ضروري لقوة العظام والعضلات.',
    },
    low: {
      means: {
        en: 'Low vitamin D is very common in Saudi Arabia, mainly from little sun on the skin; over time it can weaken the bones and cause aches and tiredness. Your doctor will advise whether you need a supplement and at what dose.',
        ar: 'نقص فيتامين د شائع جدًا في المملكة، وسببه الرئيسي قلة تعرض الجلد للشمس، وقد يُضعف العظام مع الوقت ويسبب آلامًا وإرهاقًا. وينصحك طبيبك بشأن الحاجة إلى مكمل وجرعته.',
      },
      causes: ['sunExposure', 'diet', 'pregnancy', 'age'],
    },
    high: {
      means: {
        en: 'A high vitamin D almost always comes from high-dose supplements, and very high levels can raise calcium. Biotin supplements can also distort the result. Your doctor will advise on your dose.',
        ar: 'يأتي ارتفاع فيتامين د في الغالب من تناول جرعات عالية من المكملات، وقد ترفع المستويات العالية جدًا الكالسيوم، وقد تشوّه مكملات البيوتين النتيجة أيضًا. وينصحك طبيبك بشأن الجرعة المناسبة.',
      },
      causes: ['supplements', 'biotin'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit and do not take high doses without advice; see a doctor soon if thirst, nausea, confusion or muscle weakness come with a high value.',
      ar: 'ناقش النتيجة في زيارتك القادمة، ولا تتناول جرعات عالية دون استشارة، وراجع الطبيب قريبًا إن صاحب ارتفاعَ القيمة عطشٌ أو غثيان أو تشوش أو ضعف في العضلات.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2132-9',
    measures: {
      en: 'Vitamin B12 is needed to make red blood cells and to keep the nerves healthy.',
      ar: 'فيتامين ب12 ضروري لتكوين كريات الدم الحمراء وسلامة الأعصاب.',
    },
    low: {
      means: {
        en: 'A low B12 is commonly seen with a diet low in animal foods, long use of metformin or stomach acid medicines, and poor absorption; it can cause anaemia, tiredness, and numbness or tingling. Your doctor may confirm it with further tests.',
        ar: 'يُرى نقص فيتامين ب12 عادةً مع قلة الأطعمة الحيوانية في الغذاء، أو الاستخدام الطويل للميتفورمين أو أدوية حموضة المعدة، أو ضعف امتصاصه، وقد يسبب فقر الدم والإرهاق والخدر أو الوخز. وقد يتأكد منه طبيبك بتحاليل أخرى.',
      },
      causes: ['diet', 'medication', 'pregnancy', 'age'],
    },
    high: {
      means: {
        en: 'A high B12 usually comes from supplements or injections. If you take none, your doctor may look for a liver or blood cause.',
        ar: 'يأتي ارتفاع فيتامين ب12 عادةً من المكملات أو الحقن، وإن لم تكن تتناول شيئًا منها فقد يبحث طبيبك عن سبب في الكبد أو الدم.',
      },
      causes: ['supplements', 'biotin'],
    },
    seeDoctor: {
      en: 'See a doctor soon if numbness, tingling, unsteady walking or memory changes appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر خدر أو وخز أو عدم ثبات في المشي أو تغيرات في الذاكرة، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2284-8',
    measures: {
      en: 'Folate (folic acid) is a B vitamin needed to make red blood cells and, in pregnancy, for the baby’s development.',
      ar: 'حمض الفوليك (الفولات) من فيتامينات ب، ويحتاجه الجسم لتكوين كريات الدم الحمراء، ويحتاجه الجنين لنموه أثناء الحمل.',
    },
    low: {
      means: {
        en: 'A low folate is commonly seen with a diet low in leafy greens, legumes and fruit, in pregnancy, with regular alcohol use and with some medicines; it can cause anaemia. Your doctor will advise whether a supplement is needed.',
        ar: 'يُرى انخفاض حمض الفوليك عادةً مع قلة الخضراوات الورقية والبقوليات والفواكه في الغذاء، وأثناء الحمل، ومع شرب الكحول بانتظام وبعض الأدوية، وقد يسبب فقر الدم. وينصحك طبيبك بشأن الحاجة إلى مكمل.',
      },
      meansForMen: {
        en: 'A low folate is commonly seen with a diet low in leafy greens, legumes and fruit, with regular alcohol use and with some medicines; it can cause anaemia. Your doctor will advise whether a supplement is needed.',
        ar: 'يُرى انخفاض حمض الفوليك عادةً مع قلة الخضراوات الورقية والبقوليات والفواكه في الغذاء، ومع شرب الكحول بانتظام وبعض الأدوية، وقد يسبب فقر الدم. وينصحك طبيبك بشأن الحاجة إلى مكمل.',
      },
      causes: ['diet', 'pregnancy', 'medication'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; with a current or planned pregnancy, speak to your doctor soon.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وإن كان هناك حمل قائم أو مخطط له فتحدث إلى طبيبك قريبًا.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2276-4',
    measures: {
      en: 'Ferritin shows how much iron the body has in store. It is the best single test of iron stores.',
      ar: 'يبيّن الفيريتين كمية الحديد المخزّنة في الجسم، وهو أفضل تحليل منفرد لمخزون الحديد.',
    },
    low: {
      means: {
        en: 'A low ferritin is commonly a sign of low iron stores, which is very common in women with periods, in pregnancy and with diets low in iron, and it can come before anaemia. Your doctor will look for the cause and advise on iron.',
        ar: 'يدل انخفاض الفيريتين عادةً على نقص مخزون الحديد، وهو شائع جدًا لدى النساء بسبب الدورة الشهرية وأثناء الحمل ومع الغذاء الفقير بالحديد، وقد يسبق فقر الدم. ويبحث طبيبك عن السبب وينصحك بشأن الحديد.',
      },
      meansForMen: {
        en: 'A low ferritin is commonly a sign of low iron stores, from a diet low in iron or from blood loss, for example from the gut, and it can come before anaemia. Your doctor will look for the cause and advise on iron.',
        ar: 'يدل انخفاض الفيريتين عادةً على نقص مخزون الحديد، بسبب الغذاء الفقير بالحديد أو فقدان الدم، من الجهاز الهضمي مثلًا، وقد يسبق فقر الدم. ويبحث طبيبك عن السبب وينصحك بشأن الحديد.',
      },
      causes: ['menstruation', 'pregnancy', 'diet'],
    },
    high: {
      means: {
        en: 'A high ferritin is commonly seen with inflammation or a recent illness, extra weight, fatty liver and alcohol, and less often with too much iron in the body. Your doctor will read it with your transferrin saturation and liver tests.',
        ar: 'يُرى ارتفاع الفيريتين عادةً مع الالتهاب أو مرض حديث، وزيادة الوزن، والكبد الدهني، والكحول، وأقل من ذلك مع زيادة الحديد في الجسم. ويقرؤه طبيبك مع نسبة تشبع الترانسفيرين وتحاليل الكبد.',
      },
      causes: ['recentIllness', 'supplements', 'biotin'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '2498-4',
    measures: {
      en: 'Serum iron is the iron travelling in your blood at the moment of the sample. It changes a lot through the day and after meals, so it is read with ferritin and TIBC.',
      ar: 'الحديد في المصل هو الحديد الذي يسري في الدم لحظة أخذ العينة، ويتغير كثيرًا على مدار اليوم وبعد الوجبات، لذا يُقرأ مع الفيريتين وTIBC.',
    },
    low: {
      means: {
        en: 'A low serum iron can be a sign of low iron stores, but it also falls with inflammation, after an illness and later in the day. Your doctor will read it with your ferritin.',
        ar: 'قد يكون انخفاض الحديد في المصل علامة على نقص مخزون الحديد، لكنه ينخفض أيضًا مع الالتهاب وبعد المرض وفي ساعات النهار المتأخرة. ويقرؤه طبيبك مع الفيريتين.',
      },
      causes: ['timeOfDay', 'recentIllness', 'menstruation', 'pregnancy', 'diet'],
    },
    high: {
      means: {
        en: 'A high serum iron is commonly seen after iron tablets or an iron-rich meal, and less often with too much iron in the body. Your doctor will read it with your ferritin and transferrin saturation.',
        ar: 'يُرى ارتفاع الحديد في المصل عادةً بعد أقراص الحديد أو وجبة غنية بالحديد، وأقل من ذلك مع زيادة الحديد في الجسم. ويقرؤه طبيبك مع الفيريتين ونسبة تشبع الترانسفيرين.',
      },
      causes: ['supplements', 'diet', 'notFasting', 'timeOfDay'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '2500-7',
    measures: {
      en: 'TIBC shows how much iron transferrin, the iron carrier in the blood, could carry. It rises when the body is short of iron.',
      ar: 'تبيّن TIBC مقدار الحديد الذي يستطيع الترانسفيرين، وهو البروتين الناقل للحديد في الدم، أن يحمله، وترتفع حين يحتاج الجسم إلى الحديد.',
    },
    high: {
      means: {
        en: 'A high TIBC is commonly seen with low iron stores, in pregnancy and with birth control pills. Your doctor will read it with your ferritin.',
        ar: 'يُرى ارتفاع TIBC عادةً مع نقص مخزون الحديد، وأثناء الحمل، ومع حبوب منع الحمل. ويقرؤه طبيبك مع الفيريتين.',
      },
      meansForMen: {
        en: 'A high TIBC is commonly seen with low iron stores. Your doctor will read it with your ferritin.',
        ar: 'يُرى ارتفاع TIBC عادةً مع نقص مخزون الحديد. ويقرؤه طبيبك مع الفيريتين.',
      },
      causes: ['pregnancy', 'medication', 'menstruation'],
    },
    low: {
      means: {
        en: 'A low TIBC is commonly seen with inflammation, a long illness, poor nutrition or low protein, and with too much iron in the body. Your doctor will read it with your other iron results.',
        ar: 'يُرى انخفاض TIBC عادةً مع الالتهاب أو المرض الطويل أو سوء التغذية أو نقص البروتين، ومع زيادة الحديد في الجسم. ويقرؤه طبيبك مع بقية نتائج الحديد.',
      },
      causes: ['recentIllness', 'diet'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '2502-3',
    measures: {
      en: 'Transferrin saturation is the share of the blood’s iron carrier that is actually holding iron.',
      ar: 'نسبة تشبع الترانسفيرين هي نسبة ما يحمله البروتين الناقل للحديد في الدم من حديد فعلًا.',
    },
    low: {
      means: {
        en: 'A low saturation can be a sign that too little iron reaches the tissues, from low stores or inflammation. Your doctor will read it with your ferritin.',
        ar: 'قد يكون انخفاض نسبة التشبع علامة على قلة الحديد الواصل إلى الأنسجة، بسبب نقص المخزون أو الالتهاب. ويقرؤه طبيبك مع الفيريتين.',
      },
      causes: ['menstruation', 'pregnancy', 'diet', 'recentIllness', 'timeOfDay'],
    },
    high: {
      means: {
        en: 'A high saturation is commonly seen after iron tablets or a recent meal. If it stays high on a repeat morning test before eating, it can be a sign of iron overload, which runs in some families. Your doctor will decide whether to repeat it.',
        ar: 'يُرى ارتفاع نسبة التشبع عادةً بعد أقراص الحديد أو وجبة حديثة، وإن بقي مرتفعًا عند إعادة التحليل صباحًا على الريق فقد يكون علامة على زيادة الحديد في الجسم، وهي حالة تتوارثها بعض العائلات. ويقرر طبيبك إن كان يلزم إعادته.',
      },
      causes: ['supplements', 'notFasting', 'timeOfDay'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '17861-6',
    measures: {
      en: 'Calcium keeps bones, muscles, nerves and the heart working. Its level is controlled by parathyroid hormone and vitamin D.',
      ar: 'يحافظ الكالسيوم على عمل العظام والعضلات والأعصاب والقلب، ويتحكم في مستواه هرمون الغدة الجار درقية وفيتامين د.',
    },
    high: {
      means: {
        en: 'A high calcium can be a sign of an overactive parathyroid gland, too much vitamin D or calcium from supplements, or dehydration, and less often of other conditions. A tight tourniquet can also raise it slightly. Your doctor will read it with your albumin and may repeat it.',
        ar: 'قد يكون ارتفاع الكالسيوم علامة على فرط نشاط الغدة الجار درقية، أو على الإفراط في مكملات فيتامين د أو الكالسيوم، أو على الجفاف، وأقل من ذلك على حالات أخرى. وقد يرفعه شد الرباط بقوة قليلًا. ويقرؤه طبيبك مع الألبومين وقد يعيد التحليل.',
      },
      causes: ['supplements', 'dehydration', 'sampleHandling', 'medication'],
    },
    low: {
      means: {
        en: 'A low calcium is most often because albumin, the protein that carries it, is low; it can also be a sign of low vitamin D, low magnesium or a parathyroid problem. Your doctor will read it with your albumin.',
        ar: 'يعود انخفاض الكالسيوم في الغالب إلى انخفاض الألبومين، وهو البروتين الذي يحمله، وقد يكون أيضًا علامة على نقص فيتامين د أو المغنيسيوم أو على مشكلة في الغدة الجار درقية. ويقرؤه طبيبك مع الألبومين.',
      },
      causes: ['sunExposure', 'diet', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor soon if tingling around the mouth or in the fingers, muscle cramps, confusion, strong thirst or constipation appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر وخز حول الفم أو في الأصابع، أو تشنجات عضلية، أو تشوش، أو عطش شديد، أو إمساك، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '19123-9',
    measures: {
      en: 'Magnesium is a mineral needed for muscles, nerves, a steady heartbeat and bones.',
      ar: 'المغنيسيوم معدن يحتاجه الجسم لعمل العضلات والأعصاب وانتظام ضربات القلب وصحة العظام.',
    },
    low: {
      means: {
        en: 'A low magnesium is commonly seen with diarrhoea, water pills, long use of stomach acid medicines, alcohol and poorly controlled diabetes; it can cause cramps and can lower potassium and calcium. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض المغنيسيوم عادةً مع الإسهال، أو مدرات البول، أو الاستخدام الطويل لأدوية حموضة المعدة، أو الكحول، أو عدم ضبط السكري، وقد يسبب تشنجات ويخفض البوتاسيوم والكالسيوم. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['medication', 'diet'],
    },
    high: {
      means: {
        en: 'A high magnesium is uncommon and usually comes from magnesium supplements, laxatives or antacids, especially when the kidneys work less well. Your doctor will read it with your kidney tests.',
        ar: 'ارتفاع المغنيسيوم غير شائع، ويأتي عادةً من مكملات المغنيسيوم أو الملينات أو مضادات الحموضة، ولا سيما حين تضعف وظائف الكلى. ويقرؤه طبيبك مع تحاليل الكلى.',
      },
      causes: ['supplements', 'medication', 'sampleHandling'],
    },
    seeDoctor: {
      en: 'See a doctor soon if muscle cramps, twitching, weakness or palpitations appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهرت تشنجات أو ارتعاش في العضلات أو ضعف أو خفقان، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '5763-8',
    measures: {
      en: 'Zinc is a mineral needed for immunity, wound healing, taste, skin and hair.',
      ar: 'الزنك معدن يحتاجه الجسم للمناعة والتئام الجروح وحاسة التذوق وصحة الجلد والشعر.',
    },
    low: {
      means: {
        en: 'A low zinc is commonly seen with a diet low in meat and seafood, diarrhoea, pregnancy and inflammation; it also reads lower later in the day and after meals. Your doctor will advise whether a supplement is needed.',
        ar: 'يُرى انخفاض الزنك عادةً مع قلة اللحوم والمأكولات البحرية في الغذاء، والإسهال، والحمل، والالتهاب، ويظهر كذلك أقل في ساعات النهار المتأخرة وبعد الوجبات. وينصحك طبيبك بشأن الحاجة إلى مكمل.',
      },
      meansForMen: {
        en: 'A low zinc is commonly seen with a diet low in meat and seafood, diarrhoea and inflammation; it also reads lower later in the day and after meals. Your doctor will advise whether a supplement is needed.',
        ar: 'يُرى انخفاض الزنك عادةً مع قلة اللحوم والمأكولات البحرية في الغذاء، والإسهال، والالتهاب، ويظهر كذلك أقل في ساعات النهار المتأخرة وبعد الوجبات. وينصحك طبيبك بشأن الحاجة إلى مكمل.',
      },
      causes: ['diet', 'pregnancy', 'recentIllness', 'timeOfDay', 'notFasting'],
    },
    high: {
      means: {
        en: 'A high zinc usually comes from supplements, or from contamination of the sample tube. Your doctor may repeat it.',
        ar: 'يأتي ارتفاع الزنك عادةً من المكملات أو من تلوث أنبوب العينة. وقد يعيد طبيبك التحليل.',
      },
      causes: ['supplements', 'sampleHandling'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit, or see a doctor sooner if you feel unwell.',
      ar: 'ناقش النتيجة في زيارتك القادمة، أو راجع الطبيب أبكر إن شعرت بتوعك.',
    },
    source: MEDLINE,
  },

  {
    loinc: '3034-6',
    measures: {
      en: 'Transferrin is the protein that carries iron in the blood. The body makes more of it when iron is short.',
      ar: 'الترانسفيرين هو البروتين الذي ينقل الحديد في الدم، ويزيد الجسم من إنتاجه حين يقل الحديد.',
    },
    high: {
      means: {
        en: 'A high transferrin is commonly seen with low iron stores, in pregnancy and with birth control pills. Your doctor will read it with your ferritin.',
        ar: 'يُرى ارتفاع الترانسفيرين عادةً مع نقص مخزون الحديد، وأثناء الحمل، ومع حبوب منع الحمل. ويقرؤه طبيبك مع الفيريتين.',
      },
      meansForMen: {
        en: 'A high transferrin is commonly seen with low iron stores. Your doctor will read it with your ferritin.',
        ar: 'يُرى ارتفاع الترانسفيرين عادةً مع نقص مخزون الحديد. ويقرؤه طبيبك مع الفيريتين.',
      },
      causes: ['pregnancy', 'medication', 'menstruation'],
    },
    low: {
      means: {
        en: 'A low transferrin is commonly seen with inflammation, a long illness, poor nutrition or low protein, and with too much iron in the body; it can also be a sign of a liver or kidney condition. Your doctor will read it with your other iron results.',
        ar: 'يُرى انخفاض الترانسفيرين عادةً مع الالتهاب أو المرض الطويل أو سوء التغذية أو نقص البروتين، ومع زيادة الحديد في الجسم، وقد يكون كذلك علامة على حالة في الكبد أو الكلى. ويقرؤه طبيبك مع بقية نتائج الحديد.',
      },
      causes: ['recentIllness', 'diet'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },

  // ───────────── Electrolytes ─────────────
  {
    loinc: '2951-2',
    measures: {
      en: 'Sodium is the main salt in the blood. It keeps the body’s water in balance and helps nerves and muscles work.',
      ar: 'الصوديوم هو الملح الرئيسي في الدم، ويحافظ على توازن الماء في الجسم ويساعد الأعصاب والعضلات على العمل.',
    },
    low: {
      means: {
        en: 'A low sodium is commonly seen with drinking a great deal of water, vomiting or diarrhoea, water pills and some antidepressants, and can be a sign of a heart, liver, kidney or hormone condition. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض الصوديوم عادةً مع الإفراط الشديد في شرب الماء، أو القيء أو الإسهال، أو مدرات البول وبعض أدوية الاكتئاب، وقد يكون علامة على حالة في القلب أو الكبد أو الكلى أو الهرمونات. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['overhydration', 'medication', 'exercise'],
    },
    high: {
      means: {
        en: 'A high sodium most often shows that the body is short of water, from not drinking enough, heat, sweating or fever. Your doctor will read it with your other results.',
        ar: 'يدل ارتفاع الصوديوم في الغالب على أن الجسم يحتاج إلى الماء، بسبب قلة الشرب أو الحر أو التعرق أو الحمّى. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['dehydration'],
    },
    seeDoctor: {
      en: 'Seek care at once if confusion, drowsiness, severe headache, vomiting or seizures appear; otherwise, see a doctor soon to discuss it.',
      ar: 'اطلب الرعاية فورًا إن ظهر تشوش أو نعاس شديد أو صداع شديد أو قيء أو نوبات تشنج، وإلا فراجع الطبيب قريبًا لمناقشة النتيجة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2823-3',
    measures: {
      en: 'Potassium is a mineral that keeps the heart beating regularly and the muscles and nerves working.',
      ar: 'البوتاسيوم معدن يحافظ على انتظام ضربات القلب وعمل العضلات والأعصاب.',
    },
    high: {
      means: {
        en: 'A high potassium can be a sign of reduced kidney function or an effect of some blood pressure medicines and potassium supplements. It can also come from the sample itself, when a delay before processing, a tight tourniquet or a clenched fist releases potassium from the cells. Your doctor will decide how quickly to repeat it.',
        ar: 'قد يكون ارتفاع البوتاسيوم علامة على تراجع وظائف الكلى أو أثرًا لبعض أدوية الضغط أو مكملات البوتاسيوم. وقد يأتي أيضًا من العينة نفسها، حين يُخرج تأخرُ معالجتها أو شدُّ الرباط بقوة أو قبضُ اليد البوتاسيومَ من الخلايا. ويقرر طبيبك مدى سرعة إعادة التحليل.',
      },
      causes: ['sampleHandling', 'medication', 'supplements'],
    },
    low: {
      means: {
        en: 'A low potassium is commonly seen with vomiting, diarrhoea and water pills, and less often with a hormone or kidney condition. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض البوتاسيوم عادةً مع القيء والإسهال ومدرات البول، وأقل من ذلك مع حالة في الهرمونات أو الكلى. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['medication', 'recentIllness', 'diet'],
    },
    seeDoctor: {
      en: 'Seek care at once if palpitations, an irregular heartbeat, marked muscle weakness or cramps appear; otherwise, see a doctor soon, as a repeat test is usually needed.',
      ar: 'اطلب الرعاية فورًا إن ظهر خفقان أو عدم انتظام في ضربات القلب أو ضعف واضح في العضلات أو تشنجات، وإلا فراجع الطبيب قريبًا، إذ يلزم غالبًا إعادة التحليل.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2075-0',
    measures: {
      en: 'Chloride is a salt that works with sodium to keep the body’s water and acid balance.',
      ar: 'الكلوريد ملح يعمل مع الصوديوم على حفظ توازن الماء والحموضة في الجسم.',
    },
    high: {
      means: {
        en: 'A high chloride usually moves with a high sodium and is commonly seen with dehydration or diarrhoea. Your doctor will read it with your sodium and bicarbonate.',
        ar: 'يرتفع الكلوريد عادةً مع ارتفاع الصوديوم، ويُرى غالبًا مع الجفاف أو الإسهال. ويقرؤه طبيبك مع الصوديوم والبيكربونات.',
      },
      causes: ['dehydration', 'medication'],
    },
    low: {
      means: {
        en: 'A low chloride is commonly seen with vomiting, water pills or a low sodium. Your doctor will read it with your sodium and bicarbonate.',
        ar: 'يُرى انخفاض الكلوريد عادةً مع القيء أو مدرات البول أو انخفاض الصوديوم. ويقرؤه طبيبك مع الصوديوم والبيكربونات.',
      },
      causes: ['medication', 'overhydration'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },
  {
    loinc: '2028-9',
    measures: {
      en: 'Bicarbonate shows the balance of acid and base in your blood, which the lungs and kidneys keep steady.',
      ar: 'تبيّن البيكربونات توازن الحمض والقاعدة في الدم، الذي تحافظ عليه الرئتان والكليتان.',
    },
    low: {
      means: {
        en: 'A low bicarbonate can be a sign that the blood is more acidic than usual, as with diarrhoea, kidney problems or poorly controlled diabetes; an under-filled sample tube can also lower it. Your doctor will read it with your other results.',
        ar: 'قد يكون انخفاض البيكربونات علامة على أن الدم أكثر حموضة من المعتاد، كما في الإسهال أو مشكلات الكلى أو عدم ضبط السكري، وقد يخفضه أيضًا عدم امتلاء أنبوب العينة. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['sampleHandling', 'fasting', 'exercise'],
    },
    high: {
      means: {
        en: 'A high bicarbonate is commonly seen with vomiting, water pills or antacids. Your doctor will read it with your other results.',
        ar: 'يُرى ارتفاع البيكربونات عادةً مع القيء أو مدرات البول أو مضادات الحموضة. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['medication', 'dehydration'],
    },
    seeDoctor: {
      en: 'See a doctor soon if fast or deep breathing, vomiting, confusion or marked weakness appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر تنفس سريع أو عميق أو قيء أو تشوش أو ضعف واضح، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  // ───────────── Liver ─────────────
  {
    loinc: '1742-6',
    measures: {
      en: 'ALT is an enzyme found mainly in liver cells; it leaks into the blood when they are irritated.',
      ar: 'ALT إنزيم يوجد أساسًا في خلايا الكبد، ويتسرب إلى الدم حين تتهيج هذه الخلايا.',
    },
    high: {
      means: {
        en: 'A raised ALT is most commonly seen with fatty liver, which goes with extra weight and diabetes; it can also come from some medicines and herbal products, hard exercise, alcohol or viral hepatitis. Your doctor will read it with your other liver tests and may repeat it.',
        ar: 'يُرى ارتفاع ALT أكثر ما يُرى مع الكبد الدهني المرتبط بزيادة الوزن والسكري، وقد يأتي أيضًا من بعض الأدوية والمنتجات العشبية أو التمارين الشاقة أو الكحول أو التهاب الكبد الفيروسي. ويقرؤه طبيبك مع بقية تحاليل الكبد وقد يعيده.',
      },
      causes: ['exercise', 'medication', 'supplements'],
    },
    seeDoctor: SEE_DOCTOR_LIVER,
    source: MEDLINE,
  },
  {
    loinc: '1920-8',
    measures: {
      en: 'AST is an enzyme found in the liver, the muscles and the heart; it rises when their cells are irritated.',
      ar: 'AST إنزيم يوجد في الكبد والعضلات والقلب، ويرتفع حين تتهيج خلاياها.',
    },
    high: {
      means: {
        en: 'A raised AST is commonly seen with fatty liver, hard exercise or muscle strain, alcohol and some medicines. Your doctor will read it with your ALT and other results.',
        ar: 'يُرى ارتفاع AST عادةً مع الكبد الدهني، أو التمارين الشاقة أو إجهاد العضلات، أو الكحول، أو بعض الأدوية. ويقرؤه طبيبك مع ALT ونتائجك الأخرى.',
      },
      causes: ['exercise', 'medication', 'supplements', 'sampleHandling'],
    },
    seeDoctor: SEE_DOCTOR_LIVER,
    source: MEDLINE,
  },
  {
    loinc: '6768-6',
    measures: {
      en: 'Alkaline phosphatase is an enzyme made mainly by the liver and the bones.',
      ar: 'الفوسفاتاز القلوي إنزيم يصنعه الكبد والعظام بصورة رئيسية.',
    },
    high: {
      means: {
        en: 'A raised ALP is normal in pregnancy, in teenagers whose bones are growing, and while a broken bone heals; otherwise it can be a sign of a bile flow or bone condition, such as low vitamin D. Your doctor will read it with your GGT and other results.',
        ar: 'ارتفاع الفوسفاتاز القلوي طبيعي أثناء الحمل، ولدى المراهقين في مرحلة نمو العظام، وأثناء التئام الكسور، وفيما عدا ذلك قد يكون علامة على حالة في تدفق الصفراء أو في العظام مثل نقص فيتامين د. ويقرؤه طبيبك مع GGT ونتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A raised ALP is normal in teenagers whose bones are growing, and while a broken bone heals; otherwise it can be a sign of a bile flow or bone condition, such as low vitamin D. Your doctor will read it with your GGT and other results.',
        ar: 'ارتفاع الفوسفاتاز القلوي طبيعي لدى المراهقين في مرحلة نمو العظام، وأثناء التئام الكسور، وفيما عدا ذلك قد يكون علامة على حالة في تدفق الصفراء أو في العظام مثل نقص فيتامين د. ويقرؤه طبيبك مع GGT ونتائجك الأخرى.',
      },
      causes: ['pregnancy', 'age', 'medication'],
    },
    low: {
      means: {
        en: 'A low ALP is uncommon and can be seen with low zinc or magnesium and poor nutrition, and rarely with an inherited condition. Your doctor will read it with your other results.',
        ar: 'انخفاض الفوسفاتاز القلوي غير شائع، وقد يُرى مع نقص الزنك أو المغنيسيوم وسوء التغذية، ونادرًا مع حالة وراثية. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['diet', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor soon if yellow eyes or skin, itching or bone pain appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر اصفرار في العينين أو الجلد، أو حكة، أو ألم في العظام، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2324-2',
    measures: {
      en: 'GGT is an enzyme found mainly in the liver and the bile ducts.',
      ar: 'GGT إنزيم يوجد أساسًا في الكبد والقنوات الصفراوية.',
    },
    high: {
      means: {
        en: 'A raised GGT is commonly seen with fatty liver, extra weight, alcohol and some medicines such as those for epilepsy; it also helps show whether a high ALP comes from the liver. Your doctor will read it with your other liver tests.',
        ar: 'يُرى ارتفاع GGT عادةً مع الكبد الدهني وزيادة الوزن والكحول وبعض الأدوية مثل أدوية الصرع، ويساعد كذلك على معرفة هل مصدر ارتفاع الفوسفاتاز القلوي هو الكبد. ويقرؤه طبيبك مع بقية تحاليل الكبد.',
      },
      causes: ['medication', 'smoking'],
    },
    seeDoctor: SEE_DOCTOR_LIVER,
    source: MEDLINE,
  },
  {
    loinc: '1975-2',
    measures: {
      en: 'Bilirubin is a yellow pigment made when old red blood cells break down; the liver clears it into the bile.',
      ar: 'البيليروبين صبغة صفراء تتكوّن عند تكسر كريات الدم الحمراء القديمة، ويتخلص منها الكبد عبر الصفراء.',
    },
    high: {
      means: {
        en: 'A mildly high bilirubin is commonly seen after fasting or an illness in people with Gilbert’s syndrome, a harmless inherited trait. Higher values can be a sign of a liver or bile duct problem, or of red cells breaking down faster. Your doctor will read it with your direct bilirubin and liver tests.',
        ar: 'يُرى الارتفاع الطفيف في البيليروبين عادةً بعد الصيام أو المرض لدى من لديهم متلازمة جيلبرت، وهي صفة وراثية غير ضارة. أما القيم الأعلى فقد تكون علامة على مشكلة في الكبد أو القنوات الصفراوية، أو على تكسر أسرع لكريات الدم الحمراء. ويقرؤه طبيبك مع البيليروبين المباشر وتحاليل الكبد.',
      },
      causes: ['fasting', 'ramadan', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_BILIRUBIN,
    source: MEDLINE,
  },
  {
    loinc: '1968-7',
    measures: {
      en: 'Direct bilirubin is the part of bilirubin that the liver has already processed, on its way into the bile.',
      ar: 'البيليروبين المباشر هو الجزء الذي عالجه الكبد من البيليروبين وهو في طريقه إلى الصفراء.',
    },
    high: {
      means: {
        en: 'A raised direct bilirubin can be a sign that bile is not flowing freely, for example with a liver condition, a gallstone or some medicines. Your doctor will read it with your other liver tests.',
        ar: 'قد يكون ارتفاع البيليروبين المباشر علامة على أن الصفراء لا تتدفق بحرية، كما في بعض حالات الكبد أو حصوات المرارة أو مع بعض الأدوية. ويقرؤه طبيبك مع بقية تحاليل الكبد.',
      },
      causes: ['medication'],
    },
    seeDoctor: SEE_DOCTOR_BILIRUBIN,
    source: MEDLINE,
  },
  {
    loinc: '1751-7',
    measures: {
      en: 'Albumin is the main protein in the blood, made by the liver. It holds fluid in the blood vessels and carries many substances.',
      ar: 'الألبومين هو البروتين الرئيسي في الدم، ويصنعه الكبد، ويحفظ السوائل داخل الأوعية الدموية وينقل كثيرًا من المواد.',
    },
    low: {
      means: {
        en: 'A low albumin is commonly seen with a recent illness or inflammation, in pregnancy and with poor nutrition, and can be a sign of a liver or kidney condition. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض الألبومين عادةً مع مرض أو التهاب حديث، وأثناء الحمل، ومع سوء التغذية، وقد يكون علامة على حالة في الكبد أو الكلى. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      meansForMen: {
        en: 'A low albumin is commonly seen with a recent illness or inflammation and with poor nutrition, and can be a sign of a liver or kidney condition. Your doctor will read it with your other results.',
        ar: 'يُرى انخفاض الألبومين عادةً مع مرض أو التهاب حديث، ومع سوء التغذية، وقد يكون علامة على حالة في الكبد أو الكلى. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['recentIllness', 'pregnancy', 'diet', 'overhydration'],
    },
    high: {
      means: {
        en: 'A high albumin almost always shows concentrated blood, from dehydration or a tight tourniquet during the draw. Your doctor will read it with your other results.',
        ar: 'يدل ارتفاع الألبومين في الغالب على تركّز الدم بسبب الجفاف أو شد الرباط بقوة أثناء سحب الدم. ويقرؤه طبيبك مع نتائجك الأخرى.',
      },
      causes: ['dehydration', 'sampleHandling'],
    },
    seeDoctor: {
      en: 'See a doctor soon if swelling of the legs, belly or face appears; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر تورم في الساقين أو البطن أو الوجه، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2885-2',
    measures: {
      en: 'Total protein is the sum of albumin and the other proteins in the blood, including antibodies.',
      ar: 'البروتين الكلي هو مجموع الألبومين والبروتينات الأخرى في الدم، ومنها الأجسام المضادة.',
    },
    high: {
      means: {
        en: 'A high total protein is commonly seen with dehydration or a long-standing infection or inflammation, and less often with a disorder of the blood proteins. Your doctor will read it with your albumin.',
        ar: 'يُرى ارتفاع البروتين الكلي عادةً مع الجفاف أو مع عدوى أو التهاب مزمن، وأقل من ذلك مع اضطراب في بروتينات الدم. ويقرؤه طبيبك مع الألبومين.',
      },
      causes: ['dehydration', 'sampleHandling', 'recentIllness'],
    },
    low: {
      means: {
        en: 'A low total protein is commonly seen with poor nutrition, pregnancy or a recent illness, and can be a sign of a liver, kidney or gut condition. Your doctor will read it with your albumin.',
        ar: 'يُرى انخفاض البروتين الكلي عادةً مع سوء التغذية أو الحمل أو مرض حديث، وقد يكون علامة على حالة في الكبد أو الكلى أو الأمعاء. ويقرؤه طبيبك مع الألبومين.',
      },
      meansForMen: {
        en: 'A low total protein is commonly seen with poor nutrition or a recent illness, and can be a sign of a liver, kidney or gut condition. Your doctor will read it with your albumin.',
        ar: 'يُرى انخفاض البروتين الكلي عادةً مع سوء التغذية أو مرض حديث، وقد يكون علامة على حالة في الكبد أو الكلى أو الأمعاء. ويقرؤه طبيبك مع الألبومين.',
      },
      causes: ['diet', 'pregnancy', 'recentIllness', 'overhydration'],
    },
    seeDoctor: SEE_DOCTOR_USUAL,
    source: MEDLINE,
  },

  // ───────────── Inflammation ─────────────
  {
    loinc: '1988-5',
    measures: {
      en: 'CRP is a protein the liver makes quickly when there is infection or inflammation in the body.',
      ar: 'بروتين سي التفاعلي (CRP) يصنعه الكبد بسرعة عند وجود عدوى أو التهاب في الجسم.',
    },
    high: {
      means: {
        en: 'A raised CRP is commonly seen with an infection, even a cold, with an injury or a recent operation, and with inflammatory conditions of the joints or gut; it falls again within days to weeks. It does not show where the inflammation is. Your doctor will read it with how you feel.',
        ar: 'يُرى ارتفاع CRP عادةً مع العدوى ولو كانت نزلة برد، أو مع إصابة أو عملية جراحية حديثة، ومع الحالات الالتهابية في المفاصل أو الأمعاء، ثم ينخفض خلال أيام إلى أسابيع، ولا يبيّن موضع الالتهاب. ويقرؤه طبيبك مع الأعراض التي تشعر بها.',
      },
      causes: ['recentIllness', 'exercise', 'pregnancy'],
    },
    seeDoctor: {
      en: 'See a doctor soon if fever, pain, shortness of breath or feeling very unwell come with this result; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن صاحبت هذه النتيجة حمّى أو ألم أو ضيق في التنفس أو شعور شديد بالتوعك، وإلا فناقشها في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '30522-7',
    measures: {
      en: 'High-sensitivity CRP measures small amounts of CRP; at these low levels it is used to judge heart risk, not to look for infection.',
      ar: 'يقيس بروتين سي التفاعلي عالي الحساسية (hs-CRP) الكميات الصغيرة منه، ويُستخدم عند هذه المستويات المنخفضة لتقدير خطر أمراض القلب لا للكشف عن العدوى.',
    },
    high: {
      means: {
        en: 'A raised hs-CRP can add to heart risk when it stays raised, but a cold, an injury, hard exercise or any passing inflammation raises it for a while, so it is usually repeated after a few weeks while well. Your doctor will weigh it with your other heart risk factors.',
        ar: 'قد يزيد ارتفاع hs-CRP خطر أمراض القلب إذا استمر، لكن نزلة البرد أو الإصابة أو التمارين الشاقة أو أي التهاب عابر يرفعه مؤقتًا، لذا يُعاد عادةً بعد بضعة أسابيع في حال العافية. ويقدّره طبيبك مع عوامل الخطر الأخرى لأمراض القلب.',
      },
      causes: ['recentIllness', 'exercise', 'smoking', 'pregnancy', 'medication'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; see a doctor sooner if you feel unwell.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وراجع الطبيب أبكر إن شعرت بتوعك.',
    },
    source: MEDLINE,
  },

  // ───────────── Heart ─────────────
  {
    loinc: '89579-7',
    measures: {
      en: 'Troponin is a protein released into the blood when heart muscle is damaged. This test can measure very small amounts.',
      ar: 'التروبونين بروتين يتسرب إلى الدم عند تضرر عضلة القلب، ويستطيع هذا التحليل قياس كميات صغيرة جدًا منه.',
    },
    high: {
      means: {
        en: 'A raised troponin shows some strain on or damage to the heart muscle. With chest pain it can be a sign of a heart attack, which needs care at once. Without symptoms it is also seen after very hard exercise, with kidney disease, a fast heart rhythm, a serious infection or other heart conditions. Your doctor will read it with how you feel and a heart tracing, and often repeats it.',
        ar: 'يدل ارتفاع التروبونين على إجهاد أو ضرر في عضلة القلب، وقد يكون مع ألم الصدر علامة على نوبة قلبية تستدعي الرعاية فورًا. ودون أعراض يُرى كذلك بعد التمارين الشاقة جدًا، ومع أمراض الكلى، وتسارع نظم القلب، والعدوى الشديدة، وحالات قلبية أخرى. ويقرؤه طبيبك مع الأعراض وتخطيط القلب، وكثيرًا ما يعيده.',
      },
      causes: ['exercise'],
    },
    seeDoctor: SEE_DOCTOR_HEART,
    source: MEDLINE,
  },
  {
    loinc: '13969-1',
    measures: {
      en: 'CK-MB is a form of the enzyme creatine kinase found mostly in heart muscle; it rises when heart muscle is damaged.',
      ar: 'CK-MB صورة من إنزيم الكرياتين كاينيز توجد أساسًا في عضلة القلب، وترتفع عند تضرر عضلة القلب.',
    },
    high: {
      means: {
        en: 'A raised CK-MB can be a sign of heart muscle damage, but it also rises with damage to other muscles, after hard exercise, an injury, injections into a muscle or an operation, and with kidney disease; troponin is the preferred heart test today. Your doctor will read it with how you feel and your troponin.',
        ar: 'قد يكون ارتفاع CK-MB علامة على تضرر عضلة القلب، لكنه يرتفع أيضًا مع تضرر العضلات الأخرى، وبعد التمارين الشاقة أو الإصابات أو الحقن في العضل أو العمليات الجراحية، ومع أمراض الكلى، والتروبونين هو التحليل المفضل للقلب اليوم. ويقرؤه طبيبك مع الأعراض ونتيجة التروبونين.',
      },
      causes: ['exercise', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_HEART,
    source: MEDLINE,
  },
  {
    loinc: '33762-6',
    measures: {
      en: 'NT-proBNP is released by the heart when its walls are stretched by extra pressure or fluid. It is used to look for heart failure.',
      ar: 'يفرز القلب NT-proBNP حين تتمدد جدرانه بسبب زيادة الضغط أو السوائل، ويُستخدم للكشف عن قصور القلب.',
    },
    high: {
      means: {
        en: 'A raised NT-proBNP can be a sign that the heart is under strain, as in heart failure, but it also rises with age, reduced kidney function, a fast or irregular heartbeat, lung conditions and a serious infection, and it reads lower with extra weight. Your doctor will read it with how you feel and may suggest a heart scan.',
        ar: 'قد يكون ارتفاع NT-proBNP علامة على إجهاد القلب كما في قصور القلب، لكنه يرتفع أيضًا مع التقدم في العمر وتراجع وظائف الكلى وتسارع ضربات القلب أو عدم انتظامها وحالات الرئة والعدوى الشديدة، ويظهر أقل مع زيادة الوزن. ويقرؤه طبيبك مع الأعراض وقد يقترح تصويرًا للقلب.',
      },
      causes: ['age', 'recentIllness'],
    },
    seeDoctor: {
      en: 'Seek care at once if shortness of breath at rest or lying flat, or chest pain, appear; see a doctor soon if your legs swell or your weight rises quickly; otherwise, discuss it at your next visit.',
      ar: 'اطلب الرعاية فورًا إن ظهر ضيق في التنفس أثناء الراحة أو عند الاستلقاء، أو ألم في الصدر، وراجع الطبيب قريبًا إن تورمت ساقاك أو زاد وزنك بسرعة، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },

  // ───────────── Hormones ─────────────
  {
    loinc: '2986-8',
    measures: {
      en: 'Testosterone is the main male sex hormone; women make it in small amounts. It affects energy, muscle, bone, mood and sex drive.',
      ar: 'التستوستيرون هو الهرمون الذكري الرئيسي، وتنتج النساء كميات صغيرة منه، ويؤثر في الطاقة والعضلات والعظام والمزاج والرغبة الجنسية.',
    },
    low: {
      means: {
        en: 'In men, a low testosterone is commonly seen with a sample taken in the afternoon, a recent illness, poor sleep, extra weight and some medicines, so it is confirmed with a repeat morning sample before any conclusion. Your doctor will read it with how you feel.',
        ar: 'لدى الرجال، يُرى انخفاض التستوستيرون عادةً مع أخذ العينة بعد الظهر، أو مرض حديث، أو قلة النوم، أو زيادة الوزن، أو بعض الأدوية، لذا يُتأكد منه بإعادة التحليل صباحًا قبل أي استنتاج. ويقرؤه طبيبك مع الأعراض التي تشعر بها.',
      },
      causes: ['timeOfDay', 'recentIllness', 'medication', 'age', 'biotin'],
    },
    high: {
      means: {
        en: 'In women, a high testosterone can be a sign of polycystic ovary syndrome, which is common, and less often of other hormone conditions. In men, a high value commonly comes from testosterone or muscle-building products. Your doctor will read it with how you feel and your other hormones.',
        ar: 'لدى النساء، قد يكون ارتفاع التستوستيرون علامة على متلازمة تكيس المبايض، وهي شائعة، وأقل من ذلك على حالات هرمونية أخرى. ولدى الرجال، يأتي الارتفاع عادةً من التستوستيرون أو منتجات بناء العضلات. ويقرؤه طبيبك مع الأعراض وبقية الهرمونات.',
      },
      causes: ['supplements', 'medication', 'biotin'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit, and tell your doctor about any supplements or hormone products you use.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وأخبر طبيبك بأي مكملات أو منتجات هرمونية تستخدمها.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2842-3',
    measures: {
      en: 'Prolactin is a hormone from the pituitary gland that makes the breasts produce milk.',
      ar: 'البرولاكتين هرمون تفرزه الغدة النخامية، وهو المسؤول عن إدرار حليب الثدي.',
    },
    high: {
      means: {
        en: 'A high prolactin is normal in pregnancy and breastfeeding, and is commonly raised by stress, a poor night’s sleep, breast stimulation, exercise and some medicines, such as those for nausea or mood; less often it is a sign of a small benign growth in the pituitary gland. Your doctor usually repeats it on a calm morning.',
        ar: 'ارتفاع البرولاكتين طبيعي أثناء الحمل والرضاعة، ويرتفع عادةً مع التوتر وقلة النوم وتحفيز الثدي والتمارين وبعض الأدوية مثل أدوية الغثيان أو المزاج، وأقل من ذلك قد يكون علامة على ورم حميد صغير في الغدة النخامية. وعادةً ما يعيده طبيبك في صباح هادئ.',
      },
      meansForMen: {
        en: 'A high prolactin is commonly raised by stress, a poor night’s sleep, exercise and some medicines, such as those for nausea or mood; less often it is a sign of a small benign growth in the pituitary gland. Your doctor usually repeats it on a calm morning.',
        ar: 'يرتفع البرولاكتين عادةً مع التوتر وقلة النوم والتمارين وبعض الأدوية مثل أدوية الغثيان أو المزاج، وأقل من ذلك قد يكون علامة على ورم حميد صغير في الغدة النخامية. وعادةً ما يعيده طبيبك في صباح هادئ.',
      },
      causes: ['pregnancy', 'medication', 'exercise', 'timeOfDay'],
    },
    seeDoctor: {
      en: 'See a doctor soon if headaches, changes in vision, milk from the breasts or missed periods appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن ظهر صداع أو تغير في الرؤية أو إفراز حليب من الثدي أو انقطاع الدورة، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2143-6',
    measures: {
      en: 'Cortisol is the body’s main stress hormone, made by the adrenal glands. It is highest in the morning and lowest at night.',
      ar: 'الكورتيزول هو هرمون التوتر الرئيسي في الجسم، وتنتجه الغدتان الكظريتان، ويكون أعلى ما يكون صباحًا وأدنى ما يكون ليلًا.',
    },
    high: {
      means: {
        en: 'A high cortisol is commonly seen with stress, a recent illness, poor sleep, pregnancy, birth control pills and steroid medicines, and the time of the sample matters a great deal. Rarely it is a sign of the body making too much. Your doctor will judge whether special tests are needed.',
        ar: 'يُرى ارتفاع الكورتيزول عادةً مع التوتر أو مرض حديث أو قلة النوم أو الحمل أو حبوب منع الحمل أو أدوية الكورتيزون، ولتوقيت أخذ العينة أثر كبير. ونادرًا ما يكون علامة على إفراط الجسم في إنتاجه. ويقرر طبيبك إن كانت تلزم تحاليل خاصة.',
      },
      meansForMen: {
        en: 'A high cortisol is commonly seen with stress, a recent illness, poor sleep and steroid medicines, and the time of the sample matters a great deal. Rarely it is a sign of the body making too much. Your doctor will judge whether special tests are needed.',
        ar: 'يُرى ارتفاع الكورتيزول عادةً مع التوتر أو مرض حديث أو قلة النوم أو أدوية الكورتيزون، ولتوقيت أخذ العينة أثر كبير. ونادرًا ما يكون علامة على إفراط الجسم في إنتاجه. ويقرر طبيبك إن كانت تلزم تحاليل خاصة.',
      },
      causes: ['timeOfDay', 'medication', 'pregnancy', 'recentIllness', 'exercise'],
    },
    low: {
      means: {
        en: 'A low cortisol is commonly seen with a sample taken later in the day, or after using steroid medicines, including creams and inhalers; rarely it is a sign that the adrenal glands make too little. Your doctor will judge whether special tests are needed.',
        ar: 'يُرى انخفاض الكورتيزول عادةً مع أخذ العينة في وقت متأخر من اليوم، أو بعد استخدام أدوية الكورتيزون ومنها الكريمات وبخاخات الربو، ونادرًا ما يكون علامة على أن الغدتين الكظريتين تنتجان أقل من الحاجة. ويقرر طبيبك إن كانت تلزم تحاليل خاصة.',
      },
      causes: ['timeOfDay', 'medication'],
    },
    seeDoctor: {
      en: 'Seek care at once if severe weakness, dizziness on standing, vomiting or fainting come with a low value; otherwise, discuss it at your next visit. Do not stop steroid medicines suddenly.',
      ar: 'اطلب الرعاية فورًا إن صاحب انخفاضَ القيمة ضعفٌ شديد أو دوخة عند الوقوف أو قيء أو إغماء، وإلا فناقش النتيجة في زيارتك القادمة. ولا توقف أدوية الكورتيزون فجأة.',
    },
    source: MEDLINE,
  },

  {
    loinc: '15067-2',
    measures: {
      en: 'FSH is a pituitary hormone that drives the ovaries to ripen eggs and the testes to make sperm. In women it changes through the monthly cycle.',
      ar: 'FSH هرمون تفرزه الغدة النخامية، ويحفّز المبيضين على إنضاج البويضات والخصيتين على إنتاج الحيوانات المنوية، ويتغير لدى النساء على مدار الدورة الشهرية.',
    },
    high: {
      means: {
        en: 'In women, a high FSH is normal around ovulation and after menopause, and earlier in life it can be a sign that the ovaries hold fewer eggs. In men it can be a sign that the testes make less sperm. The day of the cycle matters a great deal. Your doctor will read it with your cycle, your age and your other hormones.',
        ar: 'لدى النساء، ارتفاع FSH طبيعي في وقت الإباضة وبعد انقطاع الطمث، وقد يكون قبل ذلك علامة على قلة مخزون البويضات في المبيضين. ولدى الرجال قد يكون علامة على قلة إنتاج الخصيتين للحيوانات المنوية. وليوم الدورة أثر كبير في النتيجة. ويقرؤه طبيبك مع دورتك وعمرك وبقية الهرمونات.',
      },
      causes: ['age', 'medication', 'biotin'],
    },
    low: {
      means: LOW_REPRODUCTIVE_HORMONE,
      meansForMen: LOW_REPRODUCTIVE_HORMONE_FOR_MEN,
      causes: ['medication', 'pregnancy', 'diet', 'exercise', 'biotin'],
    },
    seeDoctor: SEE_DOCTOR_REPRODUCTIVE,
    source: MEDLINE,
  },
  {
    loinc: '10501-5',
    measures: {
      en: 'LH is a pituitary hormone that triggers ovulation in women and drives testosterone production in men.',
      ar: 'LH هرمون تفرزه الغدة النخامية، ويحفّز الإباضة لدى النساء وإنتاج التستوستيرون لدى الرجال.',
    },
    high: {
      means: {
        en: 'In women, LH surges just before ovulation and is high after menopause; outside these times a high LH, especially compared with FSH, can be a sign of polycystic ovary syndrome. In men it can be a sign that the testes make less testosterone. Your doctor will read it with your cycle and your other hormones.',
        ar: 'لدى النساء، يرتفع LH ارتفاعًا حادًا قبيل الإباضة ويكون مرتفعًا بعد انقطاع الطمث، وفي غير هذين الوقتين قد يكون ارتفاعه، ولا سيما مقارنةً بهرمون FSH، علامة على متلازمة تكيس المبايض. ولدى الرجال قد يكون علامة على قلة إنتاج الخصيتين للتستوستيرون. ويقرؤه طبيبك مع دورتك وبقية الهرمونات.',
      },
      causes: ['age', 'medication', 'biotin'],
    },
    low: {
      means: LOW_REPRODUCTIVE_HORMONE,
      meansForMen: LOW_REPRODUCTIVE_HORMONE_FOR_MEN,
      causes: ['medication', 'pregnancy', 'diet', 'exercise', 'biotin'],
    },
    seeDoctor: SEE_DOCTOR_REPRODUCTIVE,
    source: MEDLINE,
  },
  {
    loinc: '2243-4',
    measures: {
      en: 'Estradiol is the main female sex hormone, made mostly by the ovaries; men make a little. In women it changes through the monthly cycle.',
      ar: 'الإستراديول هو الهرمون الأنثوي الرئيسي، وتنتجه المبايض أساسًا، ويُنتج الرجال منه القليل، ويتغير لدى النساء على مدار الدورة الشهرية.',
    },
    high: {
      means: {
        en: 'In women, a high estradiol is normal around ovulation, in pregnancy and with fertility or hormone treatment. In men it is commonly seen with extra weight, testosterone or muscle-building products, and some medicines. Your doctor will read it with your cycle and your other hormones.',
        ar: 'لدى النساء، ارتفاع الإستراديول طبيعي في وقت الإباضة وأثناء الحمل ومع علاجات الخصوبة أو العلاج الهرموني. ولدى الرجال يُرى عادةً مع زيادة الوزن أو التستوستيرون أو منتجات بناء العضلات أو بعض الأدوية. ويقرؤه طبيبك مع دورتك وبقية الهرمونات.',
      },
      meansForMen: {
        en: 'In men, a high estradiol is commonly seen with extra weight, testosterone or muscle-building products, and some medicines. Your doctor will read it with your other hormones.',
        ar: 'لدى الرجال، يُرى ارتفاع الإستراديول عادةً مع زيادة الوزن أو التستوستيرون أو منتجات بناء العضلات أو بعض الأدوية. ويقرؤه طبيبك مع بقية الهرمونات.',
      },
      causes: ['pregnancy', 'medication', 'supplements', 'biotin'],
    },
    low: {
      means: {
        en: 'In women, a low estradiol is normal after menopause, and is commonly seen with birth control pills, breastfeeding, strict dieting or intense training, and less often with an ovarian or pituitary condition. Your doctor will read it with your cycle and your other hormones.',
        ar: 'لدى النساء، انخفاض الإستراديول طبيعي بعد انقطاع الطمث، ويُرى عادةً مع حبوب منع الحمل أو الرضاعة أو الحمية الصارمة أو التدريب المكثف، وأقل من ذلك مع حالة في المبايض أو الغدة النخامية. ويقرؤه طبيبك مع دورتك وبقية الهرمونات.',
      },
      meansForMen: {
        en: 'In men, a low estradiol is read with testosterone, from which the body makes it; strict dieting, intense training and some medicines can lower it, and less often a pituitary or testicular condition. Your doctor will read it with your other hormones.',
        ar: 'لدى الرجال، يُقرأ انخفاض الإستراديول مع التستوستيرون الذي يصنعه الجسم منه؛ وقد تخفضه الحمية الصارمة أو التدريب المكثف أو بعض الأدوية، وأقل من ذلك حالة في الغدة النخامية أو الخصيتين. ويقرؤه طبيبك مع بقية الهرمونات.',
      },
      causes: ['age', 'medication', 'diet', 'exercise', 'biotin'],
    },
    seeDoctor: SEE_DOCTOR_REPRODUCTIVE,
    source: MEDLINE,
  },
  {
    loinc: '2839-9',
    measures: {
      en: 'Progesterone is a hormone made by the ovaries after ovulation and by the placenta in pregnancy; it prepares the womb for a pregnancy.',
      ar: 'البروجسترون هرمون ينتجه المبيض بعد الإباضة وتنتجه المشيمة أثناء الحمل، ويهيّئ الرحم للحمل.',
    },
    high: {
      means: {
        en: 'A high progesterone is normal after ovulation and in pregnancy, and with progesterone treatment. Your doctor will read it with the day of your cycle.',
        ar: 'ارتفاع البروجسترون طبيعي بعد الإباضة وأثناء الحمل ومع العلاج بالبروجسترون. ويقرؤه طبيبك مع يوم دورتك.',
      },
      causes: ['pregnancy', 'medication'],
    },
    low: {
      means: {
        en: 'A low progesterone in the second half of the cycle can be a sign that ovulation did not happen that month, which is common now and then, and the timing of the sample matters a great deal. In pregnancy it is read with hCG. Your doctor will decide whether to repeat it.',
        ar: 'قد يكون انخفاض البروجسترون في النصف الثاني من الدورة علامة على عدم حدوث الإباضة في ذلك الشهر، وهو أمر شائع من حين لآخر، ولتوقيت أخذ العينة أثر كبير. وأثناء الحمل يُقرأ مع hCG. ويقرر طبيبك إن كان يلزم إعادته.',
      },
      causes: ['medication', 'diet', 'exercise'],
    },
    seeDoctor: {
      en: 'In pregnancy, seek care at once if bleeding or tummy pain appear; otherwise, discuss it at your next visit and tell your doctor the first day of your last period.',
      ar: 'أثناء الحمل، اطلبي الرعاية فورًا إن ظهر نزيف أو ألم في البطن، وإلا فناقشي النتيجة في زيارتك القادمة وأخبري طبيبك بأول يوم من آخر دورة شهرية.',
    },
    source: MEDLINE,
  },
  {
    loinc: '38476-8',
    measures: {
      en: 'AMH is a hormone made by the small follicles in the ovaries. It gives an idea of how many eggs remain; it does not measure their quality or show whether a pregnancy will happen.',
      ar: 'AMH هرمون تنتجه الجريبات الصغيرة في المبيضين، ويعطي فكرة عن عدد البويضات المتبقية، لكنه لا يقيس جودتها ولا يبيّن هل سيحدث الحمل.',
    },
    low: {
      means: {
        en: 'A low AMH is expected as women get older and can be a sign of a smaller egg reserve for age, yet many women with a low AMH still become pregnant naturally. Birth control pills can lower it a little. Your doctor will read it with your age and your plans.',
        ar: 'انخفاض AMH متوقع مع تقدم المرأة في العمر، وقد يكون علامة على مخزون بويضات أقل من المعتاد لعمرها، ومع ذلك تحمل كثيرات ممن لديهن AMH منخفض حملًا طبيعيًا. وقد تخفضه حبوب منع الحمل قليلًا. ويقرؤه طبيبك مع عمرك وخططك.',
      },
      causes: ['age', 'medication'],
    },
    high: {
      means: {
        en: 'A high AMH is commonly seen in younger women and with polycystic ovary syndrome. Your doctor will read it with your cycle and your other hormones.',
        ar: 'يُرى ارتفاع AMH عادةً لدى النساء الأصغر سنًا ومع متلازمة تكيس المبايض. ويقرؤه طبيبك مع دورتك وبقية الهرمونات.',
      },
      causes: ['age'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit, or with a fertility doctor if you are planning a pregnancy.',
      ar: 'ناقش النتيجة في زيارتك القادمة، أو مع طبيب الخصوبة إن كنت تخطط للحمل.',
    },
    source: MEDLINE,
  },
  {
    loinc: '19080-1',
    measures: {
      en: 'hCG is the pregnancy hormone, made by the placenta. This blood test measures how much there is and can find a pregnancy a few days before a period is due.',
      ar: 'hCG هو هرمون الحمل الذي تنتجه المشيمة، ويقيس هذا التحليل كميته في الدم، ويستطيع كشف الحمل قبل موعد الدورة المتوقع ببضعة أيام.',
    },
    high: {
      means: {
        en: 'A raised hCG commonly means a pregnancy. It also stays raised for a few weeks after a pregnancy ends, and comes from the hCG injections used in fertility treatment; rarely it has another cause. Your doctor will confirm it and, early in a pregnancy, often repeats it after two days to see it rise.',
        ar: 'يعني ارتفاع hCG عادةً وجود حمل، ويبقى مرتفعًا كذلك بضعة أسابيع بعد انتهاء الحمل، ويأتي من حقن hCG المستخدمة في علاج الخصوبة، ونادرًا ما يكون له سبب آخر. ويتأكد منه طبيبك، وكثيرًا ما يعيده بعد يومين في بداية الحمل ليتابع ارتفاعه.',
      },
      causes: ['pregnancy', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor to confirm the result and begin pregnancy care; seek care at once if tummy or shoulder pain, dizziness or bleeding appear.',
      ar: 'راجعي الطبيب للتأكد من النتيجة وبدء رعاية الحمل، واطلبي الرعاية فورًا إن ظهر ألم في البطن أو الكتف أو دوخة أو نزيف.',
    },
    source: MEDLINE,
  },
  {
    loinc: '2106-3',
    measures: {
      en: 'A urine pregnancy test looks for hCG, the hormone the placenta makes from early in a pregnancy.',
      ar: 'يبحث اختبار الحمل في البول عن hCG، وهو الهرمون الذي تنتجه المشيمة منذ بداية الحمل.',
    },
    abnormal: {
      means: {
        en: 'A positive pregnancy test commonly means a pregnancy. Less often it stays positive for a few weeks after a pregnancy ends, or comes from the hCG injections used in fertility treatment. A doctor confirms it and begins pregnancy care.',
        ar: 'تعني النتيجة الإيجابية لاختبار الحمل عادةً وجود حمل، وأقل من ذلك أن تبقى إيجابية بضعة أسابيع بعد انتهاء الحمل، أو أن تنتج عن حقن hCG المستخدمة في علاج الخصوبة. ويتأكد منها الطبيب ويبدأ رعاية الحمل.',
      },
      causes: ['pregnancy', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor to confirm the result and begin pregnancy care; seek care at once if tummy or shoulder pain, dizziness or bleeding appear.',
      ar: 'راجعي الطبيب للتأكد من النتيجة وبدء رعاية الحمل، واطلبي الرعاية فورًا إن ظهر ألم في البطن أو الكتف أو دوخة أو نزيف.',
    },
    source: MEDLINE,
  },

  // ───────────── Others ─────────────
  {
    loinc: '2857-1',
    measures: {
      en: 'PSA is a protein made by the prostate gland. It is used to check the prostate in men.',
      ar: 'PSA بروتين تصنعه غدة البروستاتا، ويُستخدم لفحص البروستاتا لدى الرجال.',
    },
    high: {
      means: {
        en: 'A raised PSA is commonly seen with an enlarged prostate, which is common with age, a urine or prostate infection, recent ejaculation, cycling or a prostate examination; less often it can be a sign of prostate cancer. Your doctor usually repeats it and decides on any further tests.',
        ar: 'يُرى ارتفاع PSA عادةً مع تضخم البروستاتا الشائع مع التقدم في العمر، أو التهاب المسالك البولية أو البروستاتا، أو القذف الحديث، أو ركوب الدراجة، أو فحص البروستاتا، وأقل من ذلك قد يكون علامة على سرطان البروستاتا. وعادةً ما يعيده طبيبك ويقرر أي تحاليل إضافية.',
      },
      causes: ['age', 'exercise', 'recentIllness'],
    },
    seeDoctor: {
      en: 'Discuss it with your doctor soon; see a doctor sooner if difficulty passing urine, blood in the urine or bone pain appear.',
      ar: 'ناقش النتيجة مع طبيبك قريبًا، وراجعه أبكر إن ظهرت صعوبة في التبول أو دم في البول أو ألم في العظام.',
    },
    source: MEDLINE,
  },
  {
    loinc: '13965-9',
    measures: {
      en: 'Homocysteine is an amino acid in the blood; the body needs vitamin B12, folate and other B vitamins to break it down.',
      ar: 'الهوموسيستين حمض أميني في الدم، ويحتاج الجسم إلى فيتامين ب12 وحمض الفوليك وفيتامينات ب الأخرى لتكسيره.',
    },
    high: {
      means: {
        en: 'A high homocysteine is commonly seen with low vitamin B12 or folate, smoking, a lot of coffee, reduced kidney function and some medicines, and it can add to the risk of blood vessel disease. A sample left too long before processing also raises it. Your doctor will read it with your B12 and folate.',
        ar: 'يُرى ارتفاع الهوموسيستين عادةً مع نقص فيتامين ب12 أو حمض الفوليك، والتدخين، والإكثار من القهوة، وتراجع وظائف الكلى، وبعض الأدوية، وقد يزيد خطر أمراض الأوعية الدموية. ويرتفع كذلك إذا تأخرت معالجة العينة. ويقرؤه طبيبك مع فيتامين ب12 وحمض الفوليك.',
      },
      causes: ['diet', 'smoking', 'medication', 'sampleHandling', 'age'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; see a doctor sooner if numbness or tingling appear.',
      ar: 'ناقش النتيجة في زيارتك القادمة، وراجع الطبيب أبكر إن ظهر خدر أو وخز.',
    },
    source: MEDLINE,
  },

  // ───────────── Allergy, immunity and infection ─────────────
  {
    loinc: '19113-0',
    measures: {
      en: 'Total IgE measures an antibody the immune system makes in allergic reactions and against parasites. It does not show what a person is allergic to.',
      ar: 'يقيس تحليل IgE الكلي نوعًا من الأجسام المضادة ينتجه جهاز المناعة في تفاعلات الحساسية وضد الطفيليات، ولا يبيّن مسبب الحساسية.',
    },
    high: {
      means: {
        en: 'A raised IgE is commonly seen with allergies such as hay fever, asthma and eczema, and with parasite infections; smoking raises it a little. Many people with a raised value have no troublesome allergy. Your doctor will read it with your symptoms and may suggest tests for specific allergies.',
        ar: 'يُرى ارتفاع IgE عادةً مع الحساسية مثل حساسية الأنف الموسمية والربو والإكزيما، ومع العدوى بالطفيليات، ويرفعه التدخين قليلًا. ولا يعاني كثير ممن ترتفع لديهم القيمة من حساسية مزعجة. ويقرؤه طبيبك مع الأعراض وقد يقترح تحاليل لأنواع محددة من الحساسية.',
      },
      causes: ['smoking'],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit; seek care at once if swelling of the lips or tongue, or difficulty breathing, appear.',
      ar: 'ناقش النتيجة في زيارتك القادمة، واطلب الرعاية فورًا إن ظهر تورم في الشفتين أو اللسان أو صعوبة في التنفس.',
    },
    source: MEDLINE,
  },
  {
    loinc: '5334-8',
    measures: {
      en: 'Rubella IgG antibodies show protection against rubella (German measles), from vaccination or a past infection. A value at or above the range usually means immunity.',
      ar: 'تبيّن الأجسام المضادة IgG للحصبة الألمانية وجود حماية منها اكتسبها الجسم من التطعيم أو من عدوى سابقة، وتعني القيمة التي تبلغ المدى المرجعي أو تتجاوزه عادةً وجود مناعة.',
    },
    low: {
      means: {
        en: 'A value below the range commonly means too little protection against rubella: no vaccination, protection that has faded over the years, or too few antibodies for the test to detect. Rubella in pregnancy can harm the baby, so your doctor may advise a vaccine before a pregnancy; it is not given during one.',
        ar: 'تعني القيمة الأقل من المدى المرجعي عادةً أن الحماية من الحصبة الألمانية غير كافية، إما لعدم التطعيم أو لتراجع الحماية مع السنين أو لأن الأجسام المضادة أقل من أن يرصدها التحليل. ولأن الإصابة بالحصبة الألمانية أثناء الحمل قد تضر الجنين، فقد ينصح الطبيب بالتطعيم قبل الحمل، إذ لا يُعطى أثناءه.',
      },
      meansForMen: {
        en: 'A value below the range commonly means too little protection against rubella: no vaccination, protection that has faded over the years, or too few antibodies for the test to detect. Your doctor may advise a vaccine.',
        ar: 'تعني القيمة الأقل من المدى المرجعي عادةً أن الحماية من الحصبة الألمانية غير كافية، إما لعدم التطعيم أو لتراجع الحماية مع السنين أو لأن الأجسام المضادة أقل من أن يرصدها التحليل. وقد ينصحك الطبيب بالتطعيم.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'Discuss it at your next visit and before a planned pregnancy; if you are pregnant, avoid contact with anyone who has an illness with a rash and tell your doctor soon.',
      ar: 'ناقش النتيجة في زيارتك القادمة وقبل أي حمل مخطط له، وإن كنتِ حاملًا فتجنبي مخالطة المصابين بأمراض مصحوبة بطفح جلدي وأخبري طبيبك قريبًا.',
    },
    source: MEDLINE,
  },
  {
    loinc: '19053-8',
    measures: {
      en: 'This test looks for antibodies against brucella, germs caught from raw milk, fresh cheese, or contact with sheep, goats and camels. The result is the highest dilution of the sample that still reacts.',
      ar: 'يبحث هذا التحليل عن الأجسام المضادة لجرثومة البروسيلا التي تنتقل عبر الحليب غير المبستر والأجبان الطازجة أو مخالطة الأغنام والماعز والإبل، وتُكتب النتيجة بأعلى درجة تخفيف للعينة لا تزال تُظهر تفاعلًا.',
    },
    high: {
      means: {
        en: 'A raised titre can be a sign of brucellosis (Malta fever), which is common where raw milk is drunk, but it can also stay raised for a long time after a past infection, and in people who work with livestock. Your doctor will read it with your symptoms and may repeat it or send a blood culture; brucellosis is treated with antibiotics over several weeks.',
        ar: 'قد يكون ارتفاع العيار علامة على داء البروسيلات (الحمى المالطية)، وهو شائع حيث يُشرب الحليب غير المبستر، لكنه قد يبقى مرتفعًا مدة طويلة بعد عدوى سابقة، ولدى من يعملون مع المواشي. ويقرؤه طبيبك مع الأعراض وقد يعيد التحليل أو يطلب زراعة للدم، ويُعالج داء البروسيلات بالمضادات الحيوية على مدى عدة أسابيع.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'See a doctor soon if fever, sweats, joint or back pain, or tiredness come with this result; otherwise, discuss it at your next visit. Boil milk and avoid unpasteurised dairy products.',
      ar: 'راجع الطبيب قريبًا إن صاحبت هذه النتيجة حمّى أو تعرق أو ألم في المفاصل أو الظهر أو إرهاق، وإلا فناقشها في زيارتك القادمة. واغلِ الحليب وتجنب منتجات الألبان غير المبسترة.',
    },
    source: 'who2006Brucellosis',
  },
  {
    loinc: '5196-1',
    measures: {
      en: 'HBsAg is a part of the hepatitis B virus. This screening test looks for it in the blood.',
      ar: 'HBsAg جزء من فيروس التهاب الكبد B، ويبحث عنه هذا التحليل الكاشف في الدم.',
    },
    abnormal: {
      means: {
        en: 'A reactive result can be a sign of hepatitis B infection, recent or long-standing; many people carry the virus for years without symptoms, and it can be followed and treated. A screening test can occasionally react falsely, and a hepatitis B vaccine given in the past few weeks can briefly make it reactive, so your doctor will confirm it with further tests. Your doctor will also advise whether the people you live with should be tested or vaccinated.',
        ar: 'قد تكون النتيجة التفاعلية علامة على عدوى بفيروس التهاب الكبد B، حديثة أو مزمنة، ويحمل كثيرون الفيروس سنوات دون أعراض، ويمكن متابعته وعلاجه. وقد يتفاعل التحليل الكاشف خطأً أحيانًا، وقد يجعله لقاح التهاب الكبد B المعطى في الأسابيع القليلة الماضية تفاعليًا مدة قصيرة، لذا يتأكد منه طبيبك بتحاليل أخرى. وينصحك طبيبك كذلك بشأن فحص من يعيشون معك أو تطعيمهم.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'See a doctor soon, in confidence, to confirm the result and plan what comes next; seek care sooner if yellow eyes or skin, dark urine or marked tiredness appear.',
      ar: 'راجع الطبيب قريبًا، وبكل خصوصية، للتأكد من النتيجة والتخطيط لما بعدها، وراجعه أبكر إن ظهر اصفرار في العينين أو الجلد أو بول داكن أو إرهاق واضح.',
    },
    source: MEDLINE,
  },
  {
    loinc: '13955-0',
    measures: {
      en: 'This screening test looks for antibodies the body makes against the hepatitis C virus.',
      ar: 'يبحث هذا التحليل الكاشف عن الأجسام المضادة التي ينتجها الجسم ضد فيروس التهاب الكبد C.',
    },
    abnormal: {
      means: {
        en: 'A reactive result commonly means contact with the hepatitis C virus at some time. It does not tell whether the virus is still there: some people clear it on their own, and a screening test can occasionally react falsely. Your doctor will confirm it with a test for the virus itself; if the virus is present, today’s treatment cures most people.',
        ar: 'تعني النتيجة التفاعلية عادةً التعرض لفيروس التهاب الكبد C في وقت ما، لكنها لا تبيّن هل ما زال الفيروس موجودًا، فبعض الناس يتخلصون منه تلقائيًا، وقد يتفاعل التحليل الكاشف خطأً أحيانًا. ويتأكد طبيبك بتحليل يبحث عن الفيروس نفسه، وإن وُجد فإن العلاج المتاح اليوم يشفي معظم المصابين.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'See a doctor soon, in confidence, to confirm the result and plan what comes next; seek care sooner if yellow eyes or skin, dark urine or marked tiredness appear.',
      ar: 'راجع الطبيب قريبًا، وبكل خصوصية، للتأكد من النتيجة والتخطيط لما بعدها، وراجعه أبكر إن ظهر اصفرار في العينين أو الجلد أو بول داكن أو إرهاق واضح.',
    },
    source: MEDLINE,
  },
  {
    loinc: '56888-1',
    measures: {
      en: 'This screening test looks for antibodies to HIV and for a part of the virus itself, so it can find an infection early.',
      ar: 'يبحث هذا التحليل الكاشف عن الأجسام المضادة لفيروس نقص المناعة البشرية (HIV) وعن جزء من الفيروس نفسه، مما يتيح كشف العدوى مبكرًا.',
    },
    abnormal: {
      means: {
        en: 'A reactive screening result is not a diagnosis: it can be a sign of HIV infection, but screening tests sometimes react falsely, so your doctor will confirm it with another test, often on a new sample. If an infection is confirmed, today’s treatment lets people live long, healthy lives and greatly lowers the chance of passing the virus on.',
        ar: 'النتيجة التفاعلية للتحليل الكاشف ليست تشخيصًا، فقد تكون علامة على عدوى فيروس نقص المناعة البشرية، لكن التحاليل الكاشفة تتفاعل خطأً أحيانًا، لذا يتأكد منها طبيبك بتحليل آخر، وكثيرًا ما يكون على عينة جديدة. وإن تأكدت العدوى فإن العلاج المتاح اليوم يتيح حياة طويلة وصحية ويقلل كثيرًا من احتمال نقل الفيروس إلى الآخرين.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'See a doctor soon, in confidence, to confirm the result and talk about what comes next.',
      ar: 'راجع الطبيب قريبًا، وبكل خصوصية، للتأكد من النتيجة والحديث عما يلي ذلك.',
    },
    source: MEDLINE,
  },
  {
    loinc: '17780-8',
    measures: {
      en: 'This test looks for H. pylori, a common germ that lives in the stomach, in a stool sample.',
      ar: 'يبحث هذا التحليل في عينة البراز عن جرثومة المعدة الحلزونية، وهي جرثومة شائعة تعيش في المعدة.',
    },
    abnormal: {
      means: {
        en: 'A positive result commonly means the germ is in the stomach now. It is very common and often causes no symptoms, but it can lead to stomach inflammation or ulcers, and a course of medicines can clear it. Your doctor will decide on treatment and may check afterwards that it has gone.',
        ar: 'تعني النتيجة الإيجابية عادةً وجود الجرثومة في المعدة حاليًا، وهي شائعة جدًا وكثيرًا ما لا تسبب أعراضًا، لكنها قد تؤدي إلى التهاب المعدة أو القرحة، ويمكن التخلص منها بمجموعة من الأدوية. ويقرر طبيبك العلاج وقد يتأكد بعده من زوالها.',
      },
      causes: [],
    },
    seeDoctor: {
      en: 'Seek care at once if you vomit blood, pass black stools or have severe tummy pain; otherwise, discuss it at your next visit.',
      ar: 'اطلب الرعاية فورًا إن تقيأت دمًا أو لاحظت برازًا أسود أو شعرت بألم شديد في البطن، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '94500-6',
    measures: {
      en: 'This test looks for the genetic material of the virus that causes COVID-19 in a swab from the nose or throat.',
      ar: 'يبحث هذا التحليل عن المادة الوراثية للفيروس المسبب لمرض COVID-19 في مسحة من الأنف أو الحلق.',
    },
    abnormal: {
      means: {
        en: 'A detected result commonly means a current or recent COVID-19 infection; the test can stay positive for some weeks after recovery. Most people get better at home with rest and fluids. Your doctor will advise you, especially if you are older, pregnant or live with a long-term condition.',
        ar: 'يعني اكتشاف الفيروس عادةً وجود عدوى حالية أو حديثة بمرض COVID-19، وقد تبقى النتيجة إيجابية بضعة أسابيع بعد التعافي. ويتعافى معظم الناس في المنزل بالراحة وشرب السوائل. وينصحك طبيبك بما يلزم، ولا سيما لكبار السن والحوامل وأصحاب الأمراض المزمنة.',
      },
      meansForMen: {
        en: 'A detected result commonly means a current or recent COVID-19 infection; the test can stay positive for some weeks after recovery. Most people get better at home with rest and fluids. Your doctor will advise you, especially if you are older or live with a long-term condition.',
        ar: 'يعني اكتشاف الفيروس عادةً وجود عدوى حالية أو حديثة بمرض COVID-19، وقد تبقى النتيجة إيجابية بضعة أسابيع بعد التعافي. ويتعافى معظم الناس في المنزل بالراحة وشرب السوائل. وينصحك طبيبك بما يلزم، ولا سيما لكبار السن وأصحاب الأمراض المزمنة.',
      },
      causes: [],
    },
    seeDoctor: SEE_DOCTOR_RESPIRATORY,
    source: MEDLINE,
  },
  {
    loinc: '80382-5',
    measures: {
      en: 'This rapid test looks for influenza (flu) virus of type A in a swab from the nose or throat.',
      ar: 'يبحث هذا التحليل السريع عن فيروس الإنفلونزا من النوع A في مسحة من الأنف أو الحلق.',
    },
    abnormal: { means: FLU_POSITIVE, meansForMen: FLU_POSITIVE_FOR_MEN, causes: [] },
    seeDoctor: SEE_DOCTOR_RESPIRATORY,
    source: MEDLINE,
  },
  {
    loinc: '80383-3',
    measures: {
      en: 'This rapid test looks for influenza (flu) virus of type B in a swab from the nose or throat.',
      ar: 'يبحث هذا التحليل السريع عن فيروس الإنفلونزا من النوع B في مسحة من الأنف أو الحلق.',
    },
    abnormal: { means: FLU_POSITIVE, meansForMen: FLU_POSITIVE_FOR_MEN, causes: [] },
    seeDoctor: SEE_DOCTOR_RESPIRATORY,
    source: MEDLINE,
  },

  // ───────────── Urine ─────────────
  {
    loinc: '5778-6',
    measures: {
      en: 'The colour of urine mostly shows how concentrated it is; some foods, medicines and blood can change it.',
      ar: 'يدل لون البول في الغالب على مدى تركيزه، وقد تغيّره بعض الأطعمة والأدوية ووجود الدم.',
    },
    abnormal: {
      means: {
        en: 'Dark yellow or amber urine is most often concentrated urine, from drinking too little, the heat or fasting. Red or brown urine can come from foods such as beetroot, some medicines or menstrual blood, and can also be a sign of blood or bile pigment in the urine. Your doctor will read it with the rest of the urine test.',
        ar: 'يعود البول الأصفر الداكن أو الكهرماني في الغالب إلى تركّزه بسبب قلة الشرب أو الحر أو الصيام. أما البول الأحمر أو البني فقد ينتج عن أطعمة مثل الشمندر أو عن بعض الأدوية أو دم الحيض، وقد يكون كذلك علامة على وجود دم أو صبغة الصفراء في البول. ويقرؤه طبيبك مع بقية نتائج تحليل البول.',
      },
      meansForMen: {
        en: 'Dark yellow or amber urine is most often concentrated urine, from drinking too little, the heat or fasting. Red or brown urine can come from foods such as beetroot or some medicines, and can also be a sign of blood or bile pigment in the urine. Your doctor will read it with the rest of the urine test.',
        ar: 'يعود البول الأصفر الداكن أو الكهرماني في الغالب إلى تركّزه بسبب قلة الشرب أو الحر أو الصيام. أما البول الأحمر أو البني فقد ينتج عن أطعمة مثل الشمندر أو عن بعض الأدوية، وقد يكون كذلك علامة على وجود دم أو صبغة الصفراء في البول. ويقرؤه طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['dehydration', 'ramadan', 'diet', 'medication', 'urineSample'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5767-9',
    measures: {
      en: 'Fresh urine is usually clear. This notes whether it looks cloudy.',
      ar: 'يكون البول الطازج صافيًا في العادة، ويبيّن هذا الفحص هل يبدو عكرًا.',
    },
    abnormal: {
      means: {
        en: 'Cloudy urine is commonly harmless, from crystals that form as urine cools or after some foods, or from cells picked up from the skin during collection. It can also be a sign of a urine infection. Your doctor will read it with the rest of the urine test.',
        ar: 'العكارة في البول غير ضارة في الغالب، وتنتج عن بلورات تتكون حين يبرد البول أو بعد بعض الأطعمة، أو عن خلايا تلتقطها العينة من الجلد أثناء جمعها، وقد تكون كذلك علامة على التهاب في المسالك البولية. ويقرؤها طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['urineSample', 'diet', 'dehydration'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5803-2',
    measures: {
      en: 'Urine pH shows how acidic or alkaline your urine is; it changes with what you eat.',
      ar: 'يبيّن pH البول مدى حموضة البول أو قلويته، ويتغير بحسب ما تأكله.',
    },
    high: {
      means: {
        en: 'An alkaline urine is commonly seen with a diet rich in vegetables and fruit, after meals, and when the sample has stood too long; it can also be a sign of a urine infection. Your doctor will read it with the rest of the urine test.',
        ar: 'يُرى البول القلوي عادةً مع الغذاء الغني بالخضراوات والفواكه، وبعد الوجبات، وحين تُترك العينة مدة طويلة قبل تحليلها، وقد يكون كذلك علامة على التهاب في المسالك البولية. ويقرؤه طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['diet', 'urineSample', 'medication'],
    },
    low: {
      means: {
        en: 'An acidic urine is commonly seen with a diet rich in meat, with fasting and dehydration, and with poorly controlled diabetes. Your doctor will read it with the rest of the urine test.',
        ar: 'يُرى البول الحمضي عادةً مع الغذاء الغني باللحوم، ومع الصيام والجفاف، ومع عدم ضبط السكري. ويقرؤه طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['diet', 'fasting', 'ramadan', 'dehydration'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5811-5',
    measures: {
      en: 'Specific gravity shows how concentrated your urine is, which mostly reflects how much fluid you drink.',
      ar: 'تبيّن الكثافة النوعية مدى تركيز البول، وهي تعكس في الغالب كمية ما شربته من سوائل.',
    },
    high: {
      means: {
        en: 'A high value commonly means concentrated urine, from drinking too little, sweating in the heat or fasting; sugar or protein in the urine can also raise it. Your doctor will read it with the rest of the urine test.',
        ar: 'تعني القيمة المرتفعة عادةً أن البول مركّز بسبب قلة الشرب أو التعرق في الحر أو الصيام، وقد يرفعها كذلك وجود السكر أو البروتين في البول. ويقرؤها طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['dehydration', 'fasting', 'ramadan'],
    },
    low: {
      means: {
        en: 'A low value commonly means dilute urine, from drinking a lot of fluid or from water pills; rarely, when it stays low, it can be a sign that the kidneys concentrate urine less well. Your doctor will read it with the rest of the urine test.',
        ar: 'تعني القيمة المنخفضة عادةً أن البول مخفف بسبب كثرة شرب السوائل أو مدرات البول، ونادرًا ما تكون، إذا استمرت منخفضة، علامة على ضعف قدرة الكلى على تركيز البول. ويقرؤها طبيبك مع بقية نتائج تحليل البول.',
      },
      causes: ['overhydration', 'medication'],
    },
    seeDoctor: {
      en: 'See a doctor soon if you pass much less or much more urine than usual, or feel very thirsty; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن قلّ بولك أو زاد كثيرًا عن المعتاد أو شعرت بعطش شديد، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '20454-5',
    measures: {
      en: 'This dipstick test looks for protein in the urine; healthy kidneys let very little through.',
      ar: 'يبحث شريط الفحص عن البروتين في البول، إذ لا تسمح الكلى السليمة بمرور إلا القليل منه.',
    },
    abnormal: {
      means: {
        en: 'A little protein is commonly seen for a while after hard exercise, fever, dehydration or a urine infection, and in very concentrated urine. If it stays, it can be a sign that the kidneys leak protein, as with diabetes or high blood pressure. Your doctor will usually repeat it, or measure it more exactly with an albumin-to-creatinine ratio.',
        ar: 'يُرى القليل من البروتين في البول عادةً لفترة مؤقتة بعد التمارين الشاقة أو الحمّى أو الجفاف أو التهاب المسالك البولية، ومع البول شديد التركيز. وإن استمر فقد يكون علامة على تسرب البروتين من الكلى، كما في السكري أو ارتفاع ضغط الدم. وعادةً ما يعيده طبيبك أو يقيسه بدقة أكبر بنسبة الألبومين إلى الكرياتينين.',
      },
      causes: ['exercise', 'recentIllness', 'dehydration', 'urineSample'],
    },
    seeDoctor: {
      en: 'See a doctor soon if you are pregnant, or if swelling of the legs or face, or foamy urine, appear; otherwise, discuss it at your next visit.',
      ar: 'راجع الطبيب قريبًا إن كان هناك حمل، أو ظهر تورم في الساقين أو الوجه أو رغوة في البول، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '25428-4',
    measures: {
      en: 'This dipstick test looks for sugar in the urine. Sugar spills into the urine when blood sugar is high or, less often, when the kidneys hold it back less well.',
      ar: 'يبحث شريط الفحص عن السكر في البول، إذ يتسرب السكر إلى البول حين يرتفع في الدم، أو أقل من ذلك حين تضعف قدرة الكلى على الاحتفاظ به.',
    },
    abnormal: {
      means: {
        en: 'Sugar in the urine can be a sign of high blood sugar, as in diabetes. It is also expected with some diabetes medicines that work by passing sugar into the urine, and can appear in pregnancy or after a very sweet meal. Your doctor will read it with your blood sugar or HbA1c.',
        ar: 'قد يكون وجود السكر في البول علامة على ارتفاع سكر الدم كما في السكري، وهو متوقع كذلك مع بعض أدوية السكري التي تعمل بطرح السكر في البول، وقد يظهر أثناء الحمل أو بعد وجبة سكرية جدًا. ويقرؤه طبيبك مع سكر الدم أو HbA1c.',
      },
      meansForMen: {
        en: 'Sugar in the urine can be a sign of high blood sugar, as in diabetes. It is also expected with some diabetes medicines that work by passing sugar into the urine, and can appear after a very sweet meal. Your doctor will read it with your blood sugar or HbA1c.',
        ar: 'قد يكون وجود السكر في البول علامة على ارتفاع سكر الدم كما في السكري، وهو متوقع كذلك مع بعض أدوية السكري التي تعمل بطرح السكر في البول، وقد يظهر بعد وجبة سكرية جدًا. ويقرؤه طبيبك مع سكر الدم أو HbA1c.',
      },
      causes: ['medication', 'pregnancy', 'diet'],
    },
    seeDoctor: SEE_DOCTOR_GLUCOSE,
    source: MEDLINE,
  },
  {
    loinc: '2514-8',
    measures: {
      en: 'Ketones are made when the body burns fat for energy instead of sugar. This dipstick test looks for them in the urine.',
      ar: 'تتكوّن الكيتونات حين يحرق الجسم الدهون للحصول على الطاقة بدلًا من السكر، ويبحث شريط الفحص عنها في البول.',
    },
    abnormal: {
      means: {
        en: 'Ketones in the urine are common and usually harmless after fasting, including the long fasting hours of Ramadan, after skipped meals, a low-carbohydrate diet, vomiting or hard exercise, and in pregnancy. With diabetes, especially with a high blood sugar, they can be a sign that the body is short of insulin, which needs prompt care. Your doctor will read them with your blood sugar.',
        ar: 'وجود الكيتونات في البول شائع وغير ضار في الغالب بعد الصيام، ومنه ساعات الصيام الطويلة في رمضان، وبعد تفويت الوجبات، أو مع النظام الغذائي قليل النشويات، أو القيء، أو التمارين الشاقة، وأثناء الحمل. أما مع السكري، ولا سيما مع ارتفاع سكر الدم، فقد تكون علامة على نقص الإنسولين في الجسم، وهو ما يستدعي رعاية عاجلة. ويقرؤها طبيبك مع سكر الدم.',
      },
      meansForMen: {
        en: 'Ketones in the urine are common and usually harmless after fasting, including the long fasting hours of Ramadan, after skipped meals, a low-carbohydrate diet, vomiting or hard exercise. With diabetes, especially with a high blood sugar, they can be a sign that the body is short of insulin, which needs prompt care. Your doctor will read them with your blood sugar.',
        ar: 'وجود الكيتونات في البول شائع وغير ضار في الغالب بعد الصيام، ومنه ساعات الصيام الطويلة في رمضان، وبعد تفويت الوجبات، أو مع النظام الغذائي قليل النشويات، أو القيء، أو التمارين الشاقة. أما مع السكري، ولا سيما مع ارتفاع سكر الدم، فقد تكون علامة على نقص الإنسولين في الجسم، وهو ما يستدعي رعاية عاجلة. ويقرؤها طبيبك مع سكر الدم.',
      },
      causes: ['fasting', 'ramadan', 'diet', 'exercise', 'dehydration', 'pregnancy'],
    },
    seeDoctor: {
      en: 'With diabetes, seek care at once if vomiting, tummy pain, fast breathing or drowsiness appear, or if your blood sugar is high; otherwise, discuss it at your next visit.',
      ar: 'إن كان لديك سكري فاطلب الرعاية فورًا إن ظهر قيء أو ألم في البطن أو تنفس سريع أو نعاس، أو كان سكر الدم مرتفعًا، وإلا فناقش النتيجة في زيارتك القادمة.',
    },
    source: MEDLINE,
  },
  {
    loinc: '5794-3',
    measures: {
      en: 'This dipstick test looks for blood in the urine, often in amounts too small to see.',
      ar: 'يبحث شريط الفحص عن الدم في البول، وكثيرًا ما يكون بكميات أصغر من أن تُرى بالعين.',
    },
    abnormal: {
      means: BLOOD_IN_URINE,
      meansForMen: BLOOD_IN_URINE_FOR_MEN,
      causes: ['menstruation', 'urineSample', 'exercise', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5770-3',
    measures: {
      en: 'This dipstick test looks for bilirubin, the yellow pigment the liver clears into the bile, in the urine; normally there is none.',
      ar: 'يبحث شريط الفحص في البول عن البيليروبين، وهو الصبغة الصفراء التي يتخلص منها الكبد عبر الصفراء، ولا يوجد في البول في الأحوال الطبيعية.',
    },
    abnormal: {
      means: {
        en: 'Bilirubin in the urine can be a sign of a liver condition or of bile not flowing freely, as with a gallstone; some medicines can also give a false result. Your doctor will read it with your blood bilirubin and liver tests.',
        ar: 'قد يكون وجود البيليروبين في البول علامة على حالة في الكبد أو على عدم تدفق الصفراء بحرية كما في حصوات المرارة، وقد تعطي بعض الأدوية نتيجة خاطئة أيضًا. ويقرؤه طبيبك مع البيليروبين في الدم وتحاليل الكبد.',
      },
      causes: ['medication'],
    },
    seeDoctor: SEE_DOCTOR_BILIRUBIN,
    source: MEDLINE,
  },
  {
    loinc: '5802-4',
    measures: {
      en: 'Many germs that cause urine infections turn nitrate into nitrite. This dipstick test looks for nitrite in the urine.',
      ar: 'تحوّل كثير من الجراثيم المسببة لالتهاب المسالك البولية النترات إلى نتريت، ويبحث شريط الفحص عن النتريت في البول.',
    },
    abnormal: {
      means: {
        en: 'A positive nitrite commonly goes with germs in the urine, which can be a sign of a urine infection, especially with burning or frequent urination. A sample that stood too long before testing, or picked up germs from the skin, can also turn it positive. Your doctor will read it with your symptoms and may send a urine culture.',
        ar: 'ترتبط النتيجة الإيجابية للنتريت عادةً بوجود جراثيم في البول، وقد تكون علامة على التهاب المسالك البولية، ولا سيما مع الحرقة أو كثرة التبول. وقد تجعلها إيجابيةً أيضًا عينةٌ تُركت مدة طويلة قبل تحليلها أو التقطت جراثيم من الجلد. ويقرؤها طبيبك مع الأعراض وقد يطلب زراعة للبول.',
      },
      causes: ['urineSample'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5799-2',
    measures: {
      en: 'Leukocyte esterase is an enzyme from white blood cells. This dipstick test looks for it as a sign of white cells in the urine.',
      ar: 'إستراز الكريات البيضاء إنزيم تفرزه كريات الدم البيضاء، ويبحث عنه شريط الفحص دليلًا على وجودها في البول.',
    },
    abnormal: {
      means: {
        en: 'A positive result commonly means white blood cells in the urine, which can be a sign of a urine infection or inflammation. It is also commonly caused by discharge or skin cells getting into a sample that was not caught midstream after cleaning. Your doctor will read it with your symptoms and the nitrite result, and may send a urine culture.',
        ar: 'تعني النتيجة الإيجابية عادةً وجود كريات دم بيضاء في البول، وقد يكون ذلك علامة على عدوى أو التهاب في المسالك البولية. ومن أسبابها الشائعة كذلك دخول الإفرازات أو خلايا الجلد إلى عينة لم تؤخذ من منتصف التدفق بعد التنظيف. ويقرؤها طبيبك مع الأعراض ونتيجة النتريت، وقد يطلب زراعة للبول.',
      },
      causes: ['urineSample'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '5821-4',
    measures: {
      en: 'This counts the white blood cells seen under the microscope in a urine sample.',
      ar: 'يعدّ هذا الفحص كريات الدم البيضاء التي تُرى تحت المجهر في عينة البول.',
    },
    high: {
      means: {
        en: 'A raised count can be a sign of a urine infection or inflammation, and is also commonly caused by discharge or skin cells in a sample that was not caught midstream after cleaning. Your doctor will read it with your symptoms and may send a urine culture.',
        ar: 'قد يكون ارتفاع العدد علامة على عدوى أو التهاب في المسالك البولية، ومن أسبابه الشائعة كذلك وجود إفرازات أو خلايا من الجلد في عينة لم تؤخذ من منتصف التدفق بعد التنظيف. ويقرؤه طبيبك مع الأعراض وقد يطلب زراعة للبول.',
      },
      causes: ['urineSample'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
  {
    loinc: '13945-1',
    measures: {
      en: 'This counts the red blood cells seen under the microscope in a urine sample.',
      ar: 'يعدّ هذا الفحص كريات الدم الحمراء التي تُرى تحت المجهر في عينة البول.',
    },
    high: {
      means: BLOOD_IN_URINE,
      meansForMen: BLOOD_IN_URINE_FOR_MEN,
      causes: ['menstruation', 'urineSample', 'exercise', 'recentIllness'],
    },
    seeDoctor: SEE_DOCTOR_URINE,
    source: MEDLINE,
  },
];

import type { SeedTest } from './types.ts';

// Shared preparation texts
const NO_PREP_EN = 'No preparation needed.';
const NO_PREP_AR = 'لا يحتاج إلى تحضير مسبق.';
const FAST_8_EN = 'Fast for 8 hours; water is allowed.';
const FAST_8_AR = 'صيام 8 ساعات، ويُسمح بشرب الماء.';
const FAST_10_EN = 'Fast for 10–12 hours; water is allowed. Avoid fatty meals the evening before.';
const FAST_10_AR = 'صيام من 10 إلى 12 ساعة، ويُسمح بشرب الماء. يُفضَّل تجنّب الوجبات الدسمة في الليلة السابقة.';

export const tests: SeedTest[] = [
  // ───────────── 1. General Health ─────────────
  {
    nameEn: 'Basic Health Checkup Package',
    nameAr: 'باقة الفحص الأساسي',
    categoryId: 1,
    descriptionEn:
      'A routine checkup bundle combining CBC, fasting blood glucose, HbA1c, lipid profile, kidney function, liver enzymes and urine analysis. It gives a broad picture of your general health and is recommended once a year for adults, even without symptoms.',
    descriptionAr:
      'باقة فحص دوري تجمع صورة الدم الكاملة والسكر الصائم والسكر التراكمي ودهون الدم ووظائف الكلى وإنزيمات الكبد وتحليل البول. تعطي صورة شاملة عن صحتك العامة، ويُنصح بها للبالغين مرة سنوياً حتى دون وجود أعراض.',
    preparationEn: FAST_10_EN,
    preparationAr: FAST_10_AR,
    fastingHours: 10,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 250,
    popular: true,
  },
  {
    nameEn: 'Comprehensive Health Checkup Package',
    nameAr: 'باقة الفحص الشامل',
    categoryId: 1,
    descriptionEn:
      'An extended annual checkup that adds thyroid function, vitamin D, vitamin B12, iron stores, uric acid and electrolytes to the basic package. It is suited to adults over 35 or anyone with fatigue, weight changes or a family history of chronic disease.',
    descriptionAr:
      'فحص سنوي موسّع يضيف إلى الباقة الأساسية وظائف الغدة الدرقية وفيتامين د وفيتامين ب12 ومخزون الحديد وحمض اليوريك والأملاح. يناسب من تجاوزوا 35 عاماً أو من يعانون من الإرهاق وتغيّر الوزن أو لديهم تاريخ عائلي لأمراض مزمنة.',
    preparationEn: FAST_10_EN,
    preparationAr: FAST_10_AR,
    fastingHours: 10,
    sampleType: 'blood',
    turnaroundHours: 48,
    basePriceSar: 650,
    popular: false,
  },
  {
    nameEn: 'Urine Analysis (Urinalysis)',
    nameAr: 'تحليل البول الكامل',
    categoryId: 1,
    descriptionEn:
      'Examines the physical, chemical and microscopic properties of urine, including sugar, protein, blood and white cells. Doctors order it to screen for urinary tract infections, kidney problems and uncontrolled diabetes.',
    descriptionAr:
      'يفحص الخصائص الفيزيائية والكيميائية والمجهرية للبول، ومنها السكر والبروتين والدم وكريات الدم البيضاء. يطلبه الطبيب للكشف عن التهابات المسالك البولية ومشكلات الكلى وعدم انتظام السكري.',
    preparationEn: 'Collect a midstream sample of the first morning urine in the sterile container provided.',
    preparationAr: 'تُجمع عينة من منتصف أول بول في الصباح في العلبة المعقمة المخصصة.',
    fastingHours: null,
    sampleType: 'urine',
    turnaroundHours: 6,
    basePriceSar: 40,
    popular: false,
  },
  {
    nameEn: 'Stool Analysis',
    nameAr: 'تحليل البراز',
    categoryId: 1,
    descriptionEn:
      'Checks a stool sample under the microscope for parasites, ova, blood, fat and signs of infection or inflammation. It is ordered for persistent diarrhoea, abdominal pain or unexplained anaemia.',
    descriptionAr:
      'يفحص عينة البراز مجهرياً للكشف عن الطفيليات وبيوضها والدم والدهون وعلامات العدوى أو الالتهاب. يُطلب عند الإسهال المستمر أو آلام البطن أو فقر الدم غير المبرر.',
    preparationEn: 'Collect a fresh sample in the clean container provided and deliver it to the lab within 2 hours.',
    preparationAr: 'تُجمع عينة حديثة في العلبة النظيفة المخصصة وتُسلَّم للمختبر خلال ساعتين.',
    fastingHours: null,
    sampleType: 'stool',
    turnaroundHours: 24,
    basePriceSar: 50,
    popular: false,
  },
  {
    nameEn: 'C-Reactive Protein (CRP)',
    nameAr: 'بروتين سي التفاعلي (CRP)',
    categoryId: 1,
    descriptionEn:
      'Measures a protein made by the liver that rises quickly with infection or inflammation. Doctors use it to detect and follow bacterial infections and inflammatory conditions such as arthritis.',
    descriptionAr:
      'يقيس بروتيناً يفرزه الكبد ويرتفع بسرعة عند وجود عدوى أو التهاب. يستخدمه الطبيب لاكتشاف الالتهابات البكتيرية ومتابعتها، وكذلك الأمراض الالتهابية مثل التهاب المفاصل.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 70,
    popular: false,
  },
  {
    nameEn: 'Prostate-Specific Antigen (PSA)',
    nameAr: 'مستضد البروستاتا النوعي (PSA)',
    categoryId: 1,
    descriptionEn:
      'Measures a protein produced by the prostate gland. It is used to screen men over 50 for prostate enlargement and prostate cancer, and to monitor treatment.',
    descriptionAr:
      'يقيس بروتيناً تفرزه غدة البروستاتا. يُستخدم للكشف المبكر عن تضخّم البروستاتا وسرطانها لدى الرجال فوق سن الخمسين، ولمتابعة العلاج.',
    preparationEn: 'Avoid ejaculation and cycling for 48 hours before the test.',
    preparationAr: 'يُنصح بتجنّب القذف وركوب الدراجات لمدة 48 ساعة قبل التحليل.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 140,
    popular: false,
  },

  // ───────────── 2. Blood Tests ─────────────
  {
    nameEn: 'Complete Blood Count (CBC)',
    nameAr: 'صورة الدم الكاملة (CBC)',
    categoryId: 2,
    descriptionEn:
      'Counts red cells, white cells and platelets and measures haemoglobin and red cell indices. It is the most commonly ordered blood test, used to detect anaemia, infection and many blood disorders.',
    descriptionAr:
      'يحسب عدد كريات الدم الحمراء والبيضاء والصفائح الدموية، ويقيس الهيموجلوبين ومؤشرات كريات الدم الحمراء. هو أكثر تحاليل الدم طلباً، ويُستخدم للكشف عن فقر الدم والالتهابات وكثير من أمراض الدم.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 80,
    popular: false,
  },
  {
    nameEn: 'Erythrocyte Sedimentation Rate (ESR)',
    nameAr: 'سرعة الترسيب (ESR)',
    categoryId: 2,
    descriptionEn:
      'Measures how quickly red blood cells settle in a tube over one hour. A raised ESR is a non-specific sign of inflammation, infection or autoimmune disease and helps the doctor follow these conditions.',
    descriptionAr:
      'يقيس سرعة ترسّب كريات الدم الحمراء في أنبوب خلال ساعة واحدة. ارتفاعه مؤشر غير نوعي على وجود التهاب أو عدوى أو مرض مناعي، ويساعد الطبيب في متابعة هذه الحالات.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 40,
    popular: false,
  },
  {
    nameEn: 'Blood Group and Rh Factor',
    nameAr: 'فصيلة الدم وعامل Rh',
    categoryId: 2,
    descriptionEn:
      'Determines your ABO blood group and whether you are Rh positive or negative. It is needed before surgery, blood donation or transfusion, and early in every pregnancy.',
    descriptionAr:
      'يحدد فصيلة الدم (A أو B أو AB أو O) وما إذا كان عامل Rh موجباً أو سالباً. يُطلب قبل العمليات الجراحية ونقل الدم أو التبرع به، وفي بداية كل حمل.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 50,
    popular: false,
  },
  {
    nameEn: 'Prothrombin Time (PT-INR)',
    nameAr: 'سيولة الدم (PT-INR)',
    categoryId: 2,
    descriptionEn:
      'Measures how long blood takes to clot and reports it as an international normalised ratio (INR). It is used to monitor patients on warfarin and to check clotting before surgery or in liver disease.',
    descriptionAr:
      'يقيس الوقت الذي يستغرقه الدم للتجلط ويُعبَّر عنه بالنسبة المعيارية الدولية (INR). يُستخدم لمتابعة المرضى الذين يتناولون الوارفارين، ولتقييم التجلط قبل العمليات أو في أمراض الكبد.',
    preparationEn:
      'No fasting needed. Take your blood thinner as usual unless your doctor says otherwise, and tell the lab your current dose.',
    preparationAr: 'لا يحتاج إلى صيام. تناول دواء السيولة كالمعتاد ما لم يوجّهك الطبيب بغير ذلك، وأخبر المختبر بالجرعة الحالية.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Hemoglobin Electrophoresis',
    nameAr: 'الفصل الكهربائي للهيموجلوبين',
    categoryId: 2,
    descriptionEn:
      'Identifies the types of haemoglobin in the blood to detect sickle cell disease, sickle cell trait and thalassaemia. It is commonly requested for unexplained anaemia and as part of premarital and family screening.',
    descriptionAr:
      'يحدد أنواع الهيموجلوبين في الدم للكشف عن فقر الدم المنجلي وحمل صفته وأنيميا البحر المتوسط (الثلاسيميا). يُطلب عادةً عند فقر الدم غير المبرر وضمن فحص ما قبل الزواج وفحص أفراد الأسرة.',
    preparationEn: 'No preparation needed. Tell the lab if you have had a blood transfusion in the last 3 months.',
    preparationAr: 'لا يحتاج إلى تحضير. أخبر المختبر إذا نُقل إليك دم خلال الأشهر الثلاثة الماضية.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 72,
    basePriceSar: 250,
    popular: false,
  },
  {
    nameEn: 'G6PD Enzyme',
    nameAr: 'إنزيم G6PD (أنيميا الفول)',
    categoryId: 2,
    descriptionEn:
      'Measures the activity of the G6PD enzyme that protects red blood cells. A deficiency, common in the region, can cause red cells to break down after eating fava beans or taking certain medicines.',
    descriptionAr:
      'يقيس نشاط إنزيم G6PD الذي يحمي كريات الدم الحمراء. نقصه منتشر في المنطقة، وقد يؤدي إلى تكسّر كريات الدم الحمراء بعد تناول الفول أو بعض الأدوية.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'D-Dimer',
    nameAr: 'دي دايمر (D-Dimer)',
    categoryId: 2,
    descriptionEn:
      'Detects a fragment released when a blood clot breaks down. A normal result helps the doctor rule out deep vein thrombosis or pulmonary embolism.',
    descriptionAr:
      'يكشف عن جزء بروتيني يتحرر عند تحلّل الجلطة الدموية. تساعد النتيجة الطبيعية الطبيب على استبعاد جلطات الأوردة العميقة والانسداد الرئوي.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 180,
    popular: false,
  },

  // ───────────── 3. Diabetes ─────────────
  {
    nameEn: 'Fasting Blood Glucose (FBS)',
    nameAr: 'السكر الصائم (FBS)',
    categoryId: 3,
    descriptionEn:
      'Measures the glucose level in your blood after an overnight fast. It is the basic test used to screen for and diagnose diabetes and prediabetes.',
    descriptionAr: 'يقيس مستوى الجلوكوز في الدم بعد صيام ليلة كاملة. هو التحليل الأساسي للكشف عن السكري ومرحلة ما قبل السكري وتشخيصهما.',
    preparationEn: 'Fast for 8–12 hours; water is allowed.',
    preparationAr: 'صيام من 8 إلى 12 ساعة، ويُسمح بشرب الماء.',
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 30,
    popular: false,
  },
  {
    nameEn: 'Random Blood Glucose (RBS)',
    nameAr: 'السكر العشوائي (RBS)',
    categoryId: 3,
    descriptionEn:
      'Measures blood glucose at any time of day regardless of meals. It gives a quick check when symptoms of high or low sugar are suspected.',
    descriptionAr:
      'يقيس مستوى السكر في الدم في أي وقت من اليوم بغض النظر عن مواعيد الوجبات. يُستخدم للتحقق السريع عند الاشتباه بارتفاع السكر أو انخفاضه.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 30,
    popular: false,
  },
  {
    nameEn: 'Glycated Hemoglobin (HbA1c)',
    nameAr: 'السكر التراكمي (HbA1c)',
    categoryId: 3,
    descriptionEn:
      'Reflects your average blood sugar over the past 2–3 months. Doctors use it to diagnose diabetes and to check how well it is controlled, usually every 3 to 6 months.',
    descriptionAr:
      'يعكس متوسط مستوى السكر في الدم خلال الشهرين أو الثلاثة أشهر الماضية. يستخدمه الطبيب لتشخيص السكري ومتابعة مدى انضباطه، عادةً كل 3 إلى 6 أشهر.',
    preparationEn: 'No fasting needed; the test can be done at any time of day.',
    preparationAr: 'لا يحتاج إلى صيام، ويمكن إجراؤه في أي وقت من اليوم.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 100,
    popular: false,
  },
  {
    nameEn: 'Oral Glucose Tolerance Test (OGTT)',
    nameAr: 'اختبار تحمّل الجلوكوز (OGTT)',
    categoryId: 3,
    descriptionEn:
      'Measures blood sugar before and after drinking a standard glucose solution. It is used to diagnose gestational diabetes in pregnancy and borderline cases of diabetes.',
    descriptionAr: 'يقيس مستوى السكر في الدم قبل شرب محلول جلوكوز قياسي وبعده. يُستخدم لتشخيص سكري الحمل والحالات الحدّية من السكري.',
    preparationEn:
      'Fast for 8–12 hours; water is allowed. Plan to stay at the lab for about 2–3 hours and avoid walking or smoking during the test.',
    preparationAr:
      'صيام من 8 إلى 12 ساعة، ويُسمح بشرب الماء. يلزم البقاء في المختبر قرابة ساعتين إلى ثلاث ساعات مع تجنّب المشي والتدخين أثناء الاختبار.',
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Fasting Insulin',
    nameAr: 'هرمون الإنسولين الصائم',
    categoryId: 3,
    descriptionEn:
      'Measures the level of insulin in the blood after fasting. Together with fasting glucose it helps assess insulin resistance, often in polycystic ovary syndrome, obesity or prediabetes.',
    descriptionAr:
      'يقيس مستوى الإنسولين في الدم بعد الصيام. يساعد مع السكر الصائم في تقييم مقاومة الإنسولين، خاصةً في حالات تكيّس المبايض والسمنة ومرحلة ما قبل السكري.',
    preparationEn: FAST_8_EN,
    preparationAr: FAST_8_AR,
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'Urine Microalbumin',
    nameAr: 'الزلال الدقيق في البول (Microalbumin)',
    categoryId: 3,
    descriptionEn:
      'Detects very small amounts of albumin protein in the urine. It is the earliest sign of kidney damage in people with diabetes or high blood pressure and is recommended yearly for them.',
    descriptionAr:
      'يكشف عن كميات ضئيلة جداً من بروتين الألبومين في البول. يُعد أول مؤشر على تأثر الكلى لدى مرضى السكري وارتفاع ضغط الدم، ويُنصح بإجرائه لهم سنوياً.',
    preparationEn: 'Collect a first morning urine sample. Avoid strenuous exercise for 24 hours before.',
    preparationAr: 'تُجمع عينة من أول بول في الصباح، مع تجنّب المجهود البدني الشاق قبلها بـ24 ساعة.',
    fastingHours: null,
    sampleType: 'urine',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },

  // ───────────── 4. Heart Health ─────────────
  {
    nameEn: 'Lipid Profile',
    nameAr: 'دهون الدم (Lipid Profile)',
    categoryId: 4,
    descriptionEn:
      'Measures total cholesterol, LDL (bad) cholesterol, HDL (good) cholesterol and triglycerides. It is used to assess the risk of heart disease and stroke and to monitor cholesterol-lowering treatment.',
    descriptionAr:
      'يقيس الكوليسترول الكلي والكوليسترول الضار (LDL) والكوليسترول النافع (HDL) والدهون الثلاثية. يُستخدم لتقييم خطر الإصابة بأمراض القلب والجلطات ومتابعة علاج خفض الكوليسترول.',
    preparationEn: FAST_10_EN,
    preparationAr: FAST_10_AR,
    fastingHours: 10,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 140,
    popular: false,
  },
  {
    nameEn: 'High-Sensitivity Troponin I',
    nameAr: 'التروبونين عالي الحساسية (Troponin I)',
    categoryId: 4,
    descriptionEn:
      'Measures a protein released into the blood when the heart muscle is damaged. It is the key test for diagnosing a heart attack in anyone with chest pain.',
    descriptionAr:
      'يقيس بروتيناً يتسرب إلى الدم عند تضرر عضلة القلب. هو التحليل الأساسي لتشخيص الجلطة القلبية لدى من يعانون من ألم في الصدر.',
    preparationEn: 'No preparation needed. If you have chest pain now, go to the emergency department instead of booking.',
    preparationAr: 'لا يحتاج إلى تحضير. إذا كنت تعاني من ألم في الصدر الآن فتوجّه إلى الطوارئ مباشرةً بدلاً من الحجز.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 200,
    popular: false,
  },
  {
    nameEn: 'Creatine Kinase-MB (CK-MB)',
    nameAr: 'إنزيم القلب (CK-MB)',
    categoryId: 4,
    descriptionEn:
      'Measures the heart-specific form of the creatine kinase enzyme. It rises after injury to the heart muscle and helps confirm and time a heart attack.',
    descriptionAr:
      'يقيس الصورة الخاصة بالقلب من إنزيم الكرياتين كاينيز. يرتفع بعد إصابة عضلة القلب، ويساعد في تأكيد الجلطة القلبية وتحديد توقيتها.',
    preparationEn: 'No preparation needed. Avoid intense exercise for 24 hours before the test.',
    preparationAr: 'لا يحتاج إلى تحضير، مع تجنّب التمارين الشاقة قبل التحليل بـ24 ساعة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'High-Sensitivity CRP (hs-CRP)',
    nameAr: 'بروتين سي التفاعلي عالي الحساسية (hs-CRP)',
    categoryId: 4,
    descriptionEn:
      'Detects low levels of inflammation in the blood vessels. Alongside the lipid profile it helps estimate the future risk of heart attack and stroke.',
    descriptionAr:
      'يكشف عن المستويات المنخفضة من الالتهاب في الأوعية الدموية. يساعد مع تحليل دهون الدم في تقدير خطر الإصابة المستقبلية بالجلطات القلبية والدماغية.',
    preparationEn: 'No fasting needed. Postpone the test if you have a cold, fever or recent injury.',
    preparationAr: 'لا يحتاج إلى صيام. يُفضَّل تأجيل التحليل عند الإصابة بالزكام أو الحمى أو إصابة حديثة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 130,
    popular: false,
  },
  {
    nameEn: 'NT-proBNP',
    nameAr: 'الببتيد المدر للصوديوم (NT-proBNP)',
    categoryId: 4,
    descriptionEn:
      'Measures a hormone released by the heart when it is under strain. It is used to diagnose and monitor heart failure in patients with breathlessness or leg swelling.',
    descriptionAr:
      'يقيس هرموناً يفرزه القلب عند تعرضه للإجهاد. يُستخدم لتشخيص قصور القلب ومتابعته لدى المرضى الذين يعانون من ضيق التنفس أو تورّم الساقين.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 400,
    popular: false,
  },
  {
    nameEn: 'Homocysteine',
    nameAr: 'الهوموسيستين (Homocysteine)',
    categoryId: 4,
    descriptionEn:
      'Measures an amino acid that, when high, damages blood vessels and raises the risk of clots and heart disease. High levels are often linked to low vitamin B12 or folate.',
    descriptionAr:
      'يقيس حمضاً أمينياً يؤدي ارتفاعه إلى الإضرار بالأوعية الدموية وزيادة خطر الجلطات وأمراض القلب. يرتبط ارتفاعه غالباً بنقص فيتامين ب12 أو حمض الفوليك.',
    preparationEn: FAST_8_EN,
    preparationAr: FAST_8_AR,
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 48,
    basePriceSar: 250,
    popular: false,
  },

  // ───────────── 5. Thyroid ─────────────
  {
    nameEn: 'Thyroid Stimulating Hormone (TSH)',
    nameAr: 'الغدة الدرقية (TSH)',
    categoryId: 5,
    descriptionEn:
      'Measures the pituitary hormone that controls the thyroid gland. It is the first test for an underactive or overactive thyroid and is used to adjust thyroxine doses.',
    descriptionAr:
      'يقيس الهرمون الذي تفرزه الغدة النخامية للتحكم في الغدة الدرقية. هو التحليل الأول للكشف عن خمول الغدة الدرقية أو فرط نشاطها، ويُستخدم لضبط جرعة الثيروكسين.',
    preparationEn: 'No fasting needed. Stop biotin supplements 48 hours before; take thyroid medication after the sample.',
    preparationAr: 'لا يحتاج إلى صيام. أوقف مكملات البيوتين قبل 48 ساعة، وتناول دواء الغدة بعد سحب العينة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 100,
    popular: false,
  },
  {
    nameEn: 'Free Thyroxine (Free T4)',
    nameAr: 'هرمون الثيروكسين الحر (Free T4)',
    categoryId: 5,
    descriptionEn:
      'Measures the active, unbound form of the main thyroid hormone. It is ordered with TSH to confirm and classify thyroid disorders.',
    descriptionAr: 'يقيس الصورة الحرة النشطة من هرمون الغدة الدرقية الرئيسي. يُطلب مع تحليل TSH لتأكيد اضطرابات الغدة الدرقية وتحديد نوعها.',
    preparationEn: 'No fasting needed. Stop biotin supplements 48 hours before; take thyroid medication after the sample.',
    preparationAr: 'لا يحتاج إلى صيام. أوقف مكملات البيوتين قبل 48 ساعة، وتناول دواء الغدة بعد سحب العينة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Free Triiodothyronine (Free T3)',
    nameAr: 'هرمون ثلاثي يود الثيرونين الحر (Free T3)',
    categoryId: 5,
    descriptionEn:
      'Measures the most active thyroid hormone in its free form. It is especially useful when an overactive thyroid is suspected but Free T4 is normal.',
    descriptionAr:
      'يقيس الصورة الحرة من أكثر هرمونات الغدة الدرقية نشاطاً. يفيد خصوصاً عند الاشتباه بفرط نشاط الغدة مع نتيجة طبيعية لهرمون T4 الحر.',
    preparationEn: 'No fasting needed. Stop biotin supplements 48 hours before; take thyroid medication after the sample.',
    preparationAr: 'لا يحتاج إلى صيام. أوقف مكملات البيوتين قبل 48 ساعة، وتناول دواء الغدة بعد سحب العينة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Thyroid Function Panel (TSH, Free T4, Free T3)',
    nameAr: 'وظائف الغدة الدرقية الشاملة (TSH, FT4, FT3)',
    categoryId: 5,
    descriptionEn:
      'Combines TSH, Free T4 and Free T3 in one sample for a complete picture of thyroid function. It is recommended for fatigue, weight changes, hair loss, palpitations or irregular periods.',
    descriptionAr:
      'يجمع تحاليل TSH وT4 الحر وT3 الحر في عينة واحدة لتقييم وظائف الغدة الدرقية بشكل كامل. يُنصح به عند الشعور بالإرهاق أو تغيّر الوزن أو تساقط الشعر أو خفقان القلب أو اضطراب الدورة الشهرية.',
    preparationEn: 'No fasting needed. Stop biotin supplements 48 hours before; take thyroid medication after the sample.',
    preparationAr: 'لا يحتاج إلى صيام. أوقف مكملات البيوتين قبل 48 ساعة، وتناول دواء الغدة بعد سحب العينة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 300,
    popular: true,
  },
  {
    nameEn: 'Anti-Thyroid Peroxidase (Anti-TPO)',
    nameAr: 'الأجسام المضادة للغدة الدرقية (Anti-TPO)',
    categoryId: 5,
    descriptionEn:
      "Detects antibodies that attack the thyroid gland. It confirms autoimmune thyroid disease such as Hashimoto's thyroiditis and predicts the risk of future hypothyroidism.",
    descriptionAr:
      'يكشف عن الأجسام المضادة التي تهاجم الغدة الدرقية. يؤكد أمراض الغدة المناعية مثل التهاب هاشيموتو، ويتنبأ بخطر الإصابة بخمول الغدة مستقبلاً.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 48,
    basePriceSar: 200,
    popular: false,
  },

  // ───────────── 6. Vitamins & Minerals ─────────────
  {
    nameEn: 'Vitamin D (25-OH)',
    nameAr: 'فيتامين د (25-OH)',
    categoryId: 6,
    descriptionEn:
      "Measures 25-hydroxy vitamin D, the best indicator of the body's vitamin D stores. Deficiency is very common in Saudi Arabia and can cause bone pain, fatigue and weak immunity.",
    descriptionAr:
      'يقيس فيتامين د (25-هيدروكسي)، وهو أدق مؤشر على مخزون الجسم من فيتامين د. نقصه شائع جداً في المملكة، وقد يسبب آلام العظام والإرهاق وضعف المناعة.',
    preparationEn: 'No fasting needed. Stop biotin supplements 48 hours before the test.',
    preparationAr: 'لا يحتاج إلى صيام. أوقف مكملات البيوتين قبل التحليل بـ48 ساعة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 150,
    popular: true,
  },
  {
    nameEn: 'Vitamin B12',
    nameAr: 'فيتامين ب12 (B12)',
    categoryId: 6,
    descriptionEn:
      'Measures the level of vitamin B12, which is needed for healthy nerves and red blood cells. Low levels cause numbness, tingling, memory problems and a type of anaemia, especially in vegetarians and people taking metformin.',
    descriptionAr:
      'يقيس مستوى فيتامين ب12 الضروري لسلامة الأعصاب وتكوين كريات الدم الحمراء. يسبب نقصه التنميل وضعف الذاكرة ونوعاً من فقر الدم، خاصةً لدى النباتيين ومن يتناولون الميتفورمين.',
    preparationEn: 'No fasting needed. Do not take B12 supplements on the day of the test.',
    preparationAr: 'لا يحتاج إلى صيام. لا تتناول مكملات فيتامين ب12 يوم التحليل.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Folic Acid (Folate)',
    nameAr: 'حمض الفوليك (Folate)',
    categoryId: 6,
    descriptionEn:
      'Measures folate, a B vitamin essential for cell growth and red blood cell production. It is checked in anaemia and is especially important before and during early pregnancy.',
    descriptionAr:
      'يقيس مستوى حمض الفوليك، وهو أحد فيتامينات ب الضرورية لنمو الخلايا وتكوين كريات الدم الحمراء. يُطلب عند فقر الدم، وله أهمية خاصة قبل الحمل وفي بدايته.',
    preparationEn: FAST_8_EN,
    preparationAr: FAST_8_AR,
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Ferritin',
    nameAr: 'مخزون الحديد (Ferritin)',
    categoryId: 6,
    descriptionEn:
      'Measures ferritin, the protein that stores iron in the body. It is the most reliable test for iron deficiency, a common cause of fatigue and hair loss, and also detects iron overload.',
    descriptionAr:
      'يقيس الفيريتين، وهو البروتين الذي يخزّن الحديد في الجسم. يُعد أدق تحليل لكشف نقص الحديد الذي يسبب غالباً الإرهاق وتساقط الشعر، كما يكشف زيادة الحديد.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 110,
    popular: false,
  },
  {
    nameEn: 'Serum Iron and TIBC',
    nameAr: 'الحديد في الدم والسعة الكلية (Iron, TIBC)',
    categoryId: 6,
    descriptionEn:
      'Measures the iron circulating in the blood and the total capacity of the blood to carry it. Together with ferritin it helps distinguish iron-deficiency anaemia from other anaemias.',
    descriptionAr:
      'يقيس الحديد الموجود في الدم والسعة الكلية للدم على حمله. يساعد مع تحليل مخزون الحديد في التمييز بين أنيميا نقص الحديد وأنواع فقر الدم الأخرى.',
    preparationEn: 'Fast for 8 hours and give the sample in the morning; stop iron supplements 24 hours before.',
    preparationAr: 'صيام 8 ساعات وسحب العينة صباحاً، مع إيقاف مكملات الحديد قبل التحليل بـ24 ساعة.',
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Calcium (Serum)',
    nameAr: 'الكالسيوم في الدم',
    categoryId: 6,
    descriptionEn:
      'Measures the calcium level in the blood, which is vital for bones, muscles and nerves. It is ordered for bone disease, kidney stones, parathyroid problems and muscle cramps.',
    descriptionAr:
      'يقيس مستوى الكالسيوم في الدم، وهو عنصر أساسي لصحة العظام والعضلات والأعصاب. يُطلب عند أمراض العظام وحصوات الكلى ومشكلات الغدة الجار درقية وتشنّج العضلات.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 50,
    popular: false,
  },
  {
    nameEn: 'Magnesium',
    nameAr: 'المغنيسيوم',
    categoryId: 6,
    descriptionEn:
      'Measures magnesium, a mineral needed for muscle, nerve and heart function. Low levels can cause cramps, weakness and irregular heartbeat.',
    descriptionAr: 'يقيس المغنيسيوم، وهو معدن ضروري لعمل العضلات والأعصاب والقلب. قد يسبب نقصه تشنّج العضلات والضعف واضطراب ضربات القلب.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 60,
    popular: false,
  },
  {
    nameEn: 'Zinc',
    nameAr: 'الزنك',
    categoryId: 6,
    descriptionEn:
      'Measures zinc, a trace mineral important for immunity, wound healing, skin and hair. It is checked for hair loss, poor appetite, slow healing and frequent infections.',
    descriptionAr:
      'يقيس مستوى الزنك، وهو معدن مهم للمناعة والتئام الجروح وصحة البشرة والشعر. يُطلب عند تساقط الشعر وضعف الشهية وبطء التئام الجروح وتكرار العدوى.',
    preparationEn: 'Fast for 8 hours; water is allowed. Stop zinc supplements 48 hours before.',
    preparationAr: 'صيام 8 ساعات ويُسمح بشرب الماء، مع إيقاف مكملات الزنك قبل التحليل بـ48 ساعة.',
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 48,
    basePriceSar: 120,
    popular: false,
  },

  // ───────────── 7. Hormones ─────────────
  {
    nameEn: 'Testosterone (Total)',
    nameAr: 'هرمون التستوستيرون الكلي',
    categoryId: 7,
    descriptionEn:
      'Measures the main male sex hormone. In men it is checked for low energy, low libido and infertility; in women for excess hair growth, acne and polycystic ovary syndrome.',
    descriptionAr:
      'يقيس هرمون الذكورة الرئيسي. يُطلب لدى الرجال عند ضعف الطاقة أو الرغبة أو تأخر الإنجاب، ولدى النساء عند زيادة الشعر وحب الشباب وتكيّس المبايض.',
    preparationEn: 'Give the sample in the morning, ideally between 7 and 10 am.',
    preparationAr: 'تُسحب العينة صباحاً، ويُفضَّل بين الساعة 7 و10 صباحاً.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'Prolactin',
    nameAr: 'هرمون الحليب (Prolactin)',
    categoryId: 7,
    descriptionEn:
      'Measures prolactin, the pituitary hormone that stimulates milk production. High levels can cause irregular periods, infertility and breast discharge in women and low libido in men.',
    descriptionAr:
      'يقيس هرمون البرولاكتين الذي تفرزه الغدة النخامية لتحفيز إدرار الحليب. ارتفاعه قد يسبب اضطراب الدورة وتأخر الحمل وإفرازات الثدي لدى النساء، وضعف الرغبة لدى الرجال.',
    preparationEn: 'Give the sample in the morning, at least 3 hours after waking, and rest for 20 minutes before it is drawn.',
    preparationAr: 'تُسحب العينة صباحاً بعد مرور 3 ساعات على الأقل من الاستيقاظ، مع الراحة 20 دقيقة قبل السحب.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Follicle Stimulating Hormone (FSH)',
    nameAr: 'الهرمون المنشّط للحوصلة (FSH)',
    categoryId: 7,
    descriptionEn:
      'Measures the pituitary hormone that controls egg and sperm production. It is used to evaluate infertility, irregular periods and menopause.',
    descriptionAr:
      'يقيس هرمون الغدة النخامية المسؤول عن تنظيم إنتاج البويضات والحيوانات المنوية. يُستخدم لتقييم تأخر الإنجاب واضطراب الدورة الشهرية وانقطاع الطمث.',
    preparationEn: 'For women, give the sample on day 2–4 of the menstrual cycle unless your doctor says otherwise.',
    preparationAr: 'للنساء: تُسحب العينة في اليوم الثاني إلى الرابع من الدورة الشهرية ما لم يحدد الطبيب غير ذلك.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 110,
    popular: false,
  },
  {
    nameEn: 'Luteinizing Hormone (LH)',
    nameAr: 'الهرمون المنشّط للجسم الأصفر (LH)',
    categoryId: 7,
    descriptionEn:
      'Measures the pituitary hormone that triggers ovulation and stimulates testosterone production. It is usually ordered with FSH to assess fertility and polycystic ovary syndrome.',
    descriptionAr: 'يقيس هرمون الغدة النخامية الذي يحفّز التبويض وإنتاج التستوستيرون. يُطلب عادةً مع هرمون FSH لتقييم الخصوبة وتكيّس المبايض.',
    preparationEn: 'For women, give the sample on day 2–4 of the menstrual cycle unless your doctor says otherwise.',
    preparationAr: 'للنساء: تُسحب العينة في اليوم الثاني إلى الرابع من الدورة الشهرية ما لم يحدد الطبيب غير ذلك.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 110,
    popular: false,
  },
  {
    nameEn: 'Cortisol (Morning)',
    nameAr: 'هرمون الكورتيزول (صباحي)',
    categoryId: 7,
    descriptionEn:
      "Measures the stress hormone made by the adrenal glands, which peaks in the early morning. It is used to detect adrenal insufficiency or Cushing's syndrome.",
    descriptionAr:
      'يقيس هرمون التوتر الذي تفرزه الغدة الكظرية، ويبلغ ذروته في الصباح الباكر. يُستخدم للكشف عن قصور الغدة الكظرية أو متلازمة كوشينغ.',
    preparationEn: 'Give the sample between 7 and 9 am. Tell the lab if you use any cortisone tablets, creams or inhalers.',
    preparationAr: 'تُسحب العينة بين الساعة 7 و9 صباحاً. أخبر المختبر إذا كنت تستخدم أي أدوية كورتيزون سواء أقراصاً أو كريمات أو بخاخات.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 140,
    popular: false,
  },

  // ───────────── 8. Liver & Kidney ─────────────
  {
    nameEn: 'Liver Function Test (LFT)',
    nameAr: 'وظائف الكبد (LFT)',
    categoryId: 8,
    descriptionEn:
      'Measures liver enzymes (ALT, AST, ALP, GGT), bilirubin, albumin and total protein. It is used to detect hepatitis, fatty liver and medicine side effects, and to monitor liver disease.',
    descriptionAr:
      'يقيس إنزيمات الكبد (ALT وAST وALP وGGT) والبيليروبين والألبومين والبروتين الكلي. يُستخدم للكشف عن التهاب الكبد والكبد الدهني والآثار الجانبية للأدوية، ولمتابعة أمراض الكبد.',
    preparationEn: 'Fasting for 8 hours is preferred; water is allowed.',
    preparationAr: 'يُفضَّل الصيام 8 ساعات، ويُسمح بشرب الماء.',
    fastingHours: 8,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 180,
    popular: false,
  },
  {
    nameEn: 'Kidney Function Test (KFT)',
    nameAr: 'وظائف الكلى (KFT)',
    categoryId: 8,
    descriptionEn:
      'Measures urea, creatinine and estimated GFR to show how well the kidneys filter the blood. It is recommended for people with diabetes, high blood pressure or those taking long-term medication.',
    descriptionAr:
      'يقيس اليوريا والكرياتينين ومعدل الترشيح الكبيبي التقديري لمعرفة كفاءة الكلى في تنقية الدم. يُنصح به لمرضى السكري وارتفاع ضغط الدم ومن يتناولون أدوية لفترات طويلة.',
    preparationEn: 'No fasting needed. Avoid heavy meat meals and intense exercise the day before.',
    preparationAr: 'لا يحتاج إلى صيام، مع تجنّب الإكثار من اللحوم والتمارين الشاقة في اليوم السابق.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'Uric Acid',
    nameAr: 'حمض اليوريك (النقرس)',
    categoryId: 8,
    descriptionEn:
      'Measures uric acid, a waste product filtered by the kidneys. High levels can cause gout and kidney stones, and the test is used to diagnose and monitor them.',
    descriptionAr:
      'يقيس حمض اليوريك، وهو من الفضلات التي تنقيها الكلى. ارتفاعه قد يسبب النقرس وحصوات الكلى، ويُستخدم التحليل لتشخيصهما ومتابعتهما.',
    preparationEn: 'Fasting for 4–8 hours is preferred. Avoid red meat and organ meats the day before.',
    preparationAr: 'يُفضَّل الصيام من 4 إلى 8 ساعات، مع تجنّب اللحوم الحمراء والأحشاء في اليوم السابق.',
    fastingHours: 4,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 50,
    popular: false,
  },
  {
    nameEn: 'Serum Creatinine',
    nameAr: 'الكرياتينين في الدم',
    categoryId: 8,
    descriptionEn:
      'Measures creatinine, a waste product from muscles that healthy kidneys remove. It is a quick check of kidney function, often before contrast scans or when starting new medicines.',
    descriptionAr:
      'يقيس الكرياتينين، وهو من فضلات العضلات التي تتخلص منها الكلى السليمة. يُعد فحصاً سريعاً لوظائف الكلى، ويُطلب غالباً قبل الأشعة بالصبغة أو عند البدء بأدوية جديدة.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 45,
    popular: false,
  },
  {
    nameEn: 'Electrolytes (Sodium, Potassium, Chloride)',
    nameAr: 'أملاح الدم (الصوديوم والبوتاسيوم والكلورايد)',
    categoryId: 8,
    descriptionEn:
      'Measures the main salts in the blood that keep fluid balance, nerves and the heart working properly. It is ordered for dehydration, vomiting, kidney disease and patients on diuretics.',
    descriptionAr:
      'يقيس الأملاح الرئيسية في الدم التي تحافظ على توازن السوائل وسلامة عمل الأعصاب والقلب. يُطلب عند الجفاف والقيء وأمراض الكلى ولمن يتناولون مدرات البول.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 110,
    popular: false,
  },

  // ───────────── 9. Infectious Diseases ─────────────
  {
    nameEn: 'Hepatitis B Surface Antigen (HBsAg)',
    nameAr: 'التهاب الكبد الوبائي ب (HBsAg)',
    categoryId: 9,
    descriptionEn:
      'Detects the surface protein of the hepatitis B virus. It shows a current infection and is required for premarital screening, pregnancy, employment and before surgery.',
    descriptionAr:
      'يكشف عن البروتين السطحي لفيروس التهاب الكبد الوبائي ب، ويدل على وجود عدوى حالية. يُطلب في فحص ما قبل الزواج وأثناء الحمل وللتوظيف وقبل العمليات الجراحية.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Hepatitis C Antibody (Anti-HCV)',
    nameAr: 'التهاب الكبد الوبائي ج (Anti-HCV)',
    categoryId: 9,
    descriptionEn:
      'Detects antibodies against the hepatitis C virus, showing current or past infection. A positive result is followed by a PCR test; modern treatment cures most cases.',
    descriptionAr:
      'يكشف عن الأجسام المضادة لفيروس التهاب الكبد الوبائي ج، ويدل على عدوى حالية أو سابقة. تُتبع النتيجة الإيجابية بتحليل PCR، وتشفى معظم الحالات بالعلاج الحديث.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'HIV 1 and 2 (Antigen-Antibody)',
    nameAr: 'فيروس نقص المناعة المكتسب (HIV 1+2)',
    categoryId: 9,
    descriptionEn:
      'A fourth-generation test that detects both HIV antibodies and the p24 antigen, allowing earlier detection. It is part of premarital, pregnancy and pre-surgery screening; results are strictly confidential.',
    descriptionAr:
      'تحليل من الجيل الرابع يكشف عن الأجسام المضادة لفيروس نقص المناعة ومستضد p24 معاً، مما يتيح اكتشافاً أبكر. يُطلب ضمن فحص ما قبل الزواج والحمل وقبل العمليات، ونتائجه سرية تماماً.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'H. pylori Stool Antigen',
    nameAr: 'جرثومة المعدة في البراز (H. pylori)',
    categoryId: 9,
    descriptionEn:
      'Detects Helicobacter pylori antigen in a stool sample, showing an active infection of the stomach. It is used to diagnose the cause of ulcers and indigestion and to confirm eradication after treatment.',
    descriptionAr:
      'يكشف عن مستضد جرثومة المعدة (الملوية البوابية) في عينة البراز، ويدل على وجود عدوى نشطة. يُستخدم لمعرفة سبب القرحة وعسر الهضم، وللتأكد من القضاء على الجرثومة بعد العلاج.',
    preparationEn:
      'Stop antacid tablets such as omeprazole for 2 weeks and antibiotics for 4 weeks before the test, if your doctor agrees.',
    preparationAr: 'يُوقف دواء الحموضة مثل الأوميبرازول قبل أسبوعين، والمضادات الحيوية قبل 4 أسابيع من التحليل، بعد موافقة الطبيب.',
    fastingHours: null,
    sampleType: 'stool',
    turnaroundHours: 24,
    basePriceSar: 140,
    popular: false,
  },
  {
    nameEn: 'COVID-19 PCR',
    nameAr: 'مسحة كورونا (COVID-19 PCR)',
    categoryId: 9,
    descriptionEn:
      'Detects the genetic material of the SARS-CoV-2 virus in a nose and throat swab. It is the most accurate test for an active COVID-19 infection and may be required for travel.',
    descriptionAr:
      'يكشف عن المادة الوراثية لفيروس كورونا المستجد في مسحة من الأنف والحلق. هو أدق تحليل لتشخيص الإصابة النشطة بكوفيد-19، وقد يُطلب للسفر.',
    preparationEn: 'Do not eat, drink, smoke or brush your teeth for 30 minutes before the swab.',
    preparationAr: 'تجنّب الأكل والشرب والتدخين وتنظيف الأسنان لمدة 30 دقيقة قبل أخذ المسحة.',
    fastingHours: null,
    sampleType: 'swab',
    turnaroundHours: 24,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'Influenza A and B',
    nameAr: 'الإنفلونزا الموسمية (A وB)',
    categoryId: 9,
    descriptionEn:
      'Detects influenza A and B viruses in a nasal swab. It helps the doctor confirm flu early, when antiviral treatment works best.',
    descriptionAr:
      'يكشف عن فيروسي الإنفلونزا A وB في مسحة من الأنف. يساعد الطبيب على تأكيد الإصابة مبكراً، حين يكون العلاج المضاد للفيروسات أكثر فاعلية.',
    preparationEn: 'Do not use nasal sprays for 2 hours before the swab.',
    preparationAr: 'تجنّب استخدام بخاخات الأنف قبل أخذ المسحة بساعتين.',
    fastingHours: null,
    sampleType: 'swab',
    turnaroundHours: 6,
    basePriceSar: 150,
    popular: false,
  },
  {
    nameEn: 'Brucella Antibodies',
    nameAr: 'الحمى المالطية (Brucella)',
    categoryId: 9,
    descriptionEn:
      'Detects antibodies against Brucella bacteria, usually caught from raw camel, goat or sheep milk. It is ordered for prolonged fever, night sweats and joint pain.',
    descriptionAr:
      'يكشف عن الأجسام المضادة لبكتيريا البروسيلا التي تنتقل غالباً عن طريق حليب الإبل أو الماعز أو الأغنام غير المبستر. يُطلب عند الحمى المستمرة والتعرّق الليلي وآلام المفاصل.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Urine Culture and Sensitivity',
    nameAr: 'زراعة البول وحساسية المضادات الحيوية',
    categoryId: 9,
    descriptionEn:
      'Grows bacteria from a urine sample to identify the cause of a urinary tract infection. It also shows which antibiotics will work, which is important for recurrent infections.',
    descriptionAr:
      'يتم فيه استنبات البكتيريا من عينة البول لتحديد سبب التهاب المسالك البولية، كما يوضح المضادات الحيوية الفعالة ضدها، وهو مهم في حالات الالتهاب المتكرر.',
    preparationEn: 'Collect a midstream first morning urine sample in a sterile container, before starting antibiotics.',
    preparationAr: 'تُجمع عينة من منتصف أول بول في الصباح في علبة معقمة، قبل البدء بالمضادات الحيوية.',
    fastingHours: null,
    sampleType: 'urine',
    turnaroundHours: 72,
    basePriceSar: 130,
    popular: false,
  },

  // ───────────── 10. Allergy ─────────────
  {
    nameEn: 'Total IgE',
    nameAr: 'الغلوبولين المناعي الكلي (Total IgE)',
    categoryId: 10,
    descriptionEn:
      'Measures the total amount of IgE, the antibody involved in allergic reactions. A high level supports an allergic cause for asthma, eczema or hay fever.',
    descriptionAr:
      'يقيس الكمية الكلية من الغلوبولين المناعي E، وهو الجسم المضاد المسؤول عن التفاعلات التحسسية. يدعم ارتفاعه وجود سبب تحسسي للربو أو الإكزيما أو حساسية الأنف.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Food Allergy Panel',
    nameAr: 'حساسية الأطعمة (Food Allergy Panel)',
    categoryId: 10,
    descriptionEn:
      'Measures specific IgE against about 20 common foods including milk, egg, wheat, peanuts, sesame, fish and shellfish. It helps identify foods that trigger rashes, swelling or digestive symptoms.',
    descriptionAr:
      'يقيس الأجسام المضادة النوعية (IgE) لنحو 20 نوعاً من الأطعمة الشائعة، منها الحليب والبيض والقمح والفول السوداني والسمسم والأسماك والقشريات. يساعد في تحديد الأطعمة المسببة للطفح الجلدي أو التورم أو أعراض الجهاز الهضمي.',
    preparationEn: 'No fasting needed. Antihistamines do not affect this blood test.',
    preparationAr: 'لا يحتاج إلى صيام، ولا تؤثر أدوية الحساسية (مضادات الهيستامين) على هذا التحليل.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 96,
    basePriceSar: 650,
    popular: false,
  },
  {
    nameEn: 'Inhalant Allergy Panel',
    nameAr: 'حساسية الاستنشاق (الغبار وحبوب اللقاح)',
    categoryId: 10,
    descriptionEn:
      'Measures specific IgE against airborne allergens such as dust mites, mesquite and date palm pollen, cat and dog dander, cockroach and moulds. It is ordered for allergic asthma, sneezing and itchy eyes.',
    descriptionAr:
      'يقيس الأجسام المضادة النوعية (IgE) لمسببات الحساسية المحمولة في الهواء، مثل عثة الغبار وحبوب لقاح المسكيت والنخيل ووبر القطط والكلاب والصراصير والفطريات. يُطلب لربو الحساسية والعطاس المتكرر وحكة العينين.',
    preparationEn: 'No fasting needed. Antihistamines do not affect this blood test.',
    preparationAr: 'لا يحتاج إلى صيام، ولا تؤثر أدوية الحساسية (مضادات الهيستامين) على هذا التحليل.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 96,
    basePriceSar: 650,
    popular: false,
  },
  {
    nameEn: 'Specific IgE (Single Allergen)',
    nameAr: 'حساسية مادة محددة (Specific IgE)',
    categoryId: 10,
    descriptionEn:
      'Measures IgE against one allergen chosen by your doctor, such as a specific food, medicine or insect venom. It is used to confirm a suspected allergy.',
    descriptionAr:
      'يقيس الأجسام المضادة (IgE) لمادة واحدة يحددها الطبيب، مثل طعام معين أو دواء أو لسعة حشرة. يُستخدم لتأكيد حساسية مشتبه بها.',
    preparationEn: "No fasting needed. Bring your doctor's request naming the allergen.",
    preparationAr: 'لا يحتاج إلى صيام. أحضر طلب الطبيب موضحاً فيه المادة المطلوب فحصها.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 72,
    basePriceSar: 120,
    popular: false,
  },

  // ───────────── 11. Women's Health ─────────────
  {
    nameEn: 'Beta-hCG (Quantitative)',
    nameAr: 'هرمون الحمل في الدم (Beta-hCG)',
    categoryId: 11,
    descriptionEn:
      'Measures the exact level of the pregnancy hormone in the blood. It confirms pregnancy earlier than a urine test and is repeated to follow the progress of early pregnancy.',
    descriptionAr:
      'يقيس المستوى الدقيق لهرمون الحمل في الدم. يؤكد الحمل في وقت أبكر من تحليل البول، ويُكرر لمتابعة تطور الحمل في أسابيعه الأولى.',
    preparationEn: 'No preparation needed. Best done from the first day of a missed period.',
    preparationAr: 'لا يحتاج إلى تحضير، ويُفضَّل إجراؤه بدءاً من أول يوم لتأخر الدورة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 6,
    basePriceSar: 90,
    popular: false,
  },
  {
    nameEn: 'Urine Pregnancy Test',
    nameAr: 'تحليل الحمل في البول',
    categoryId: 11,
    descriptionEn: 'Detects the pregnancy hormone hCG in urine. It is a quick, simple test to confirm pregnancy after a missed period.',
    descriptionAr: 'يكشف عن هرمون الحمل (hCG) في البول. تحليل سريع وبسيط لتأكيد الحمل بعد تأخر الدورة الشهرية.',
    preparationEn: 'Use the first morning urine for the most accurate result.',
    preparationAr: 'يُفضَّل استخدام أول بول في الصباح للحصول على أدق نتيجة.',
    fastingHours: null,
    sampleType: 'urine',
    turnaroundHours: 6,
    basePriceSar: 35,
    popular: false,
  },
  {
    nameEn: 'Anti-Mullerian Hormone (AMH)',
    nameAr: 'هرمون مخزون المبيض (AMH)',
    categoryId: 11,
    descriptionEn:
      'Measures a hormone made by the small follicles of the ovary and reflects the remaining egg reserve. It is used in fertility assessment, before IVF and in polycystic ovary syndrome.',
    descriptionAr:
      'يقيس هرموناً تفرزه الحويصلات الصغيرة في المبيض، ويعكس مخزون البويضات المتبقي. يُستخدم في تقييم الخصوبة وقبل أطفال الأنابيب وفي حالات تكيّس المبايض.',
    preparationEn: 'No preparation needed; it can be done on any day of the cycle.',
    preparationAr: 'لا يحتاج إلى تحضير، ويمكن إجراؤه في أي يوم من أيام الدورة.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 48,
    basePriceSar: 380,
    popular: false,
  },
  {
    nameEn: 'Estradiol (E2)',
    nameAr: 'هرمون الإستراديول (E2)',
    categoryId: 11,
    descriptionEn:
      'Measures the main female hormone produced by the ovaries. It is used to assess ovarian function, irregular periods, fertility treatment and menopause.',
    descriptionAr:
      'يقيس هرمون الأنوثة الرئيسي الذي تفرزه المبايض. يُستخدم لتقييم وظيفة المبايض واضطراب الدورة ومتابعة علاج الخصوبة وانقطاع الطمث.',
    preparationEn: 'Give the sample on day 2–4 of the menstrual cycle unless your doctor says otherwise.',
    preparationAr: 'تُسحب العينة في اليوم الثاني إلى الرابع من الدورة الشهرية ما لم يحدد الطبيب غير ذلك.',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Progesterone',
    nameAr: 'هرمون البروجسترون',
    categoryId: 11,
    descriptionEn:
      'Measures progesterone, which rises after ovulation and supports early pregnancy. A day-21 level confirms whether ovulation has occurred.',
    descriptionAr:
      'يقيس هرمون البروجسترون الذي يرتفع بعد التبويض ويدعم الحمل في مراحله الأولى. يؤكد قياسه في اليوم الحادي والعشرين من الدورة حدوث التبويض من عدمه.',
    preparationEn: 'Give the sample on day 21 of a 28-day cycle (7 days before the expected period).',
    preparationAr: 'تُسحب العينة في اليوم الحادي والعشرين من الدورة المنتظمة (قبل موعد الدورة المتوقع بـ7 أيام).',
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 120,
    popular: false,
  },
  {
    nameEn: 'Rubella IgG',
    nameAr: 'مناعة الحصبة الألمانية (Rubella IgG)',
    categoryId: 11,
    descriptionEn:
      'Checks for protective antibodies against rubella (German measles). It is done before or early in pregnancy, because rubella infection can seriously harm the baby.',
    descriptionAr:
      'يكشف عن وجود أجسام مضادة واقية من الحصبة الألمانية. يُجرى قبل الحمل أو في بدايته، لأن الإصابة بها أثناء الحمل قد تُلحق ضرراً بالغاً بالجنين.',
    preparationEn: NO_PREP_EN,
    preparationAr: NO_PREP_AR,
    fastingHours: null,
    sampleType: 'blood',
    turnaroundHours: 24,
    basePriceSar: 110,
    popular: false,
  },
  {
    nameEn: 'Pap Smear (Cervical Cytology)',
    nameAr: 'مسحة عنق الرحم (Pap Smear)',
    categoryId: 11,
    descriptionEn:
      'Examines cells taken from the cervix under the microscope to find early changes that could lead to cervical cancer. It is recommended every 3 years for married women aged 21 to 65.',
    descriptionAr:
      'تُفحص فيها خلايا مأخوذة من عنق الرحم تحت المجهر للكشف المبكر عن التغيرات التي قد تؤدي إلى سرطان عنق الرحم. يُنصح بها كل 3 سنوات للمتزوجات من عمر 21 إلى 65 عاماً.',
    preparationEn: 'Book outside your period. Avoid intercourse, douches and vaginal creams for 48 hours before.',
    preparationAr: 'يُحجز الموعد في غير أيام الدورة، مع تجنّب الجماع والغسول والكريمات المهبلية قبلها بـ48 ساعة.',
    fastingHours: null,
    sampleType: 'swab',
    turnaroundHours: 120,
    basePriceSar: 250,
    popular: false,
  },
];

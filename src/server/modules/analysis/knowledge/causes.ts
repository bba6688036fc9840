import type { Cause, CauseAppliesTo, CauseId } from './format.ts';

/**
 * The years in which periods, and so pregnancy, can happen: periods usually start between 8 and 16
 * (MedlinePlus, "Menstruation") and stop at menopause, usually between 45 and 55 (MedlinePlus,
 * "Menopause"). Wide on purpose: a cause is left out only where it cannot apply.
 */
export const REPRODUCTIVE_YEARS: CauseAppliesTo = { sex: 'female', age: { gte: 8, lt: 56 } };

/**
 * Why a value may be outside its range without disease, one plain sentence each, shown under an
 * explanation's "common causes that are not disease". No numbers: the report carries them.
 * Each says whom it applies to (issue #76): pregnancy and menstruation only to a woman in her
 * reproductive years, a man never; where the sex is not known, their third-person words are used. The
 * causes about the sample, not the person, come after the others. Review: written from MedlinePlus
 * Medical Tests (medlinePlusLabTests); to be checked by a clinical pathologist (ADR 0063).
 */
export const causes: Record<CauseId, Cause> = {
  notFasting: {
    en: 'Eating or drinking anything but water during the fasting hours the lab asked for before the sample.',
    ar: 'تناول طعام أو شراب غير الماء خلال ساعات الصيام التي طلبها المختبر قبل أخذ العينة.',
  },
  fasting: {
    en: 'Fasting longer than usual or skipping meals before the sample can lower glucose and raise bilirubin.',
    ar: 'الصيام مدة أطول من المعتاد أو تفويت الوجبات قبل أخذ العينة قد يخفض السكر ويرفع البيليروبين.',
  },
  ramadan: {
    en: 'Fasting in Ramadan changes the timing of meals and sleep, which can shift glucose, lipids and some other values.',
    ar: 'صيام رمضان يغيّر مواعيد الوجبات والنوم، وقد يغيّر ذلك قيم السكر والدهون وبعض التحاليل الأخرى.',
  },
  exercise: {
    en: 'Hard or unaccustomed exercise in the days before the sample can raise muscle-related values such as AST, ALT and creatinine.',
    ar: 'التمارين الشاقة أو غير المعتادة في الأيام التي تسبق أخذ العينة قد ترفع قيمًا مرتبطة بالعضلات مثل AST وALT والكرياتينين.',
  },
  pregnancy: {
    en: 'Pregnancy changes many values, such as haemoglobin, thyroid hormones, alkaline phosphatase and prolactin, and their normal ranges differ during it.',
    ar: 'الحمل يغيّر كثيرًا من القيم، مثل الهيموغلوبين وهرمونات الغدة الدرقية والفوسفاتاز القلوي والبرولاكتين، وتختلف حدودها الطبيعية أثناءه.',
    appliesTo: REPRODUCTIVE_YEARS,
    unknownSex: {
      en: 'In a woman, pregnancy changes many values, such as haemoglobin, thyroid hormones, alkaline phosphatase and prolactin, and their normal ranges differ during it.',
      ar: 'لدى المرأة، يغيّر الحمل كثيرًا من القيم، مثل الهيموغلوبين وهرمونات الغدة الدرقية والفوسفاتاز القلوي والبرولاكتين، وتختلف حدودها الطبيعية أثناءه.',
    },
  },
  supplements: {
    en: 'Vitamins, minerals, creatine or herbal products taken before the test can change the result.',
    ar: 'الفيتامينات أو المعادن أو الكرياتين أو المنتجات العشبية المتناولة قبل التحليل قد تغيّر النتيجة.',
  },
  biotin: {
    en: 'Biotin supplements, often found in hair, skin and nail products, interfere with many hormone and vitamin tests; tell the lab and your doctor if you take them.',
    ar: 'مكملات البيوتين، وتوجد كثيرًا في منتجات الشعر والبشرة والأظافر، تتداخل مع كثير من تحاليل الهرمونات والفيتامينات؛ فأخبر المختبر وطبيبك إن كنت تتناولها.',
  },
  dehydration: {
    en: 'Not drinking enough, sweating in the heat, vomiting or diarrhoea concentrate the blood and can raise several values.',
    ar: 'قلة شرب الماء أو التعرق في الحر أو القيء أو الإسهال تجعل الدم أكثر تركيزًا وقد ترفع عدة قيم.',
  },
  overhydration: {
    en: 'Drinking a large amount of water shortly before the sample can dilute the blood and lower values such as sodium.',
    ar: 'شرب كمية كبيرة من الماء قبل أخذ العينة بوقت قصير قد يخفف الدم ويخفض قيمًا مثل الصوديوم.',
  },
  medication: {
    en: 'Many medicines change results, for example water pills, steroids and some diabetes, blood pressure and cholesterol medicines; do not stop a medicine without your doctor.',
    ar: 'كثير من الأدوية يغيّر النتائج، مثل مدرات البول والكورتيزون وبعض أدوية السكري والضغط والكوليسترول؛ فلا توقف أي دواء دون استشارة طبيبك.',
  },
  recentIllness: {
    en: 'A recent cold, infection, injury or operation can change blood counts, inflammation markers, iron and other values for some weeks.',
    ar: 'نزلة البرد أو العدوى أو الإصابة أو العملية الجراحية الحديثة قد تغيّر تعداد الدم ومؤشرات الالتهاب والحديد وقيمًا أخرى لبضعة أسابيع.',
  },
  menstruation: {
    en: 'Menstrual bleeding, especially heavy periods, can lower iron, ferritin and haemoglobin, and a urine sample taken during or just after a period can carry blood.',
    ar: 'دم الحيض، ولا سيما الدورة الغزيرة، قد يخفض الحديد والفيريتين والهيموغلوبين، وقد تحمل عينة البول المأخوذة أثناء الدورة الشهرية أو بعدها مباشرة دمًا.',
    appliesTo: REPRODUCTIVE_YEARS,
    unknownSex: {
      en: 'In a woman, menstrual bleeding, especially heavy periods, can lower iron, ferritin and haemoglobin, and a urine sample taken during or just after a period can carry blood.',
      ar: 'لدى المرأة، قد يخفض دم الحيض، ولا سيما الدورة الغزيرة، الحديد والفيريتين والهيموغلوبين، وقد تحمل عينة البول المأخوذة أثناء الدورة الشهرية أو بعدها مباشرة دمًا.',
    },
  },
  smoking: {
    en: 'Smoking, including shisha, raises haemoglobin and white blood cells and lowers HDL cholesterol.',
    ar: 'التدخين، ومنه الشيشة، يرفع الهيموغلوبين وكريات الدم البيضاء ويخفض الكوليسترول النافع (HDL).',
  },
  sampleHandling: {
    en: 'A delay before the sample is processed, a tight tourniquet or a clenched fist during the draw can raise potassium and change some other values; a repeat test usually settles it.',
    ar: 'تأخر معالجة العينة أو شد الرباط بقوة أو قبض اليد أثناء سحب الدم قد يرفع البوتاسيوم ويغيّر بعض القيم الأخرى، وغالبًا ما تحسم إعادة التحليل ذلك.',
    aboutTheSample: true,
  },
  timeOfDay: {
    en: 'Some values change through the day: cortisol and testosterone are highest in the morning, and iron varies too.',
    ar: 'بعض القيم تتغير على مدار اليوم، فالكورتيزول والتستوستيرون أعلى ما يكونان صباحًا، ويتغير الحديد كذلك.',
  },
  diet: {
    en: 'What you ate in the days before: a heavy, fatty or sweet meal, a lot of red meat, or a very low-carbohydrate diet can change the result.',
    ar: 'ما تناولته في الأيام السابقة، كالوجبة الدسمة أو السكرية أو الإكثار من اللحوم الحمراء أو النظام الغذائي قليل النشويات جدًا، قد يغيّر النتيجة.',
  },
  sunExposure: {
    en: 'Little sun on the skin, covering clothes and long hours indoors lower vitamin D; this is very common in Saudi Arabia despite the sunshine.',
    ar: 'قلة تعرض الجلد للشمس والملابس الساترة وطول البقاء في الأماكن المغلقة تخفض فيتامين د، وهذا شائع جدًا في المملكة رغم وفرة الشمس.',
  },
  age: {
    en: 'Some values change with age: kidney filtration falls slowly, while PSA and some other values rise over the years.',
    ar: 'بعض القيم تتغير مع التقدم في العمر، فترشيح الكلى يتراجع ببطء، بينما يرتفع PSA وبعض القيم الأخرى مع السنين.',
    // Filtration falls with age from about 40 (KDIGO 2024, chapter 1); a child's values change with growth, which this text does not say.
    appliesTo: { age: { gte: 40 } },
  },
  urineSample: {
    en: 'A urine sample not caught midstream after cleaning, or one left standing before it is tested, can carry blood, cells or germs that do not come from the urinary tract; a repeat sample usually settles it.',
    ar: 'عينة البول التي لا تؤخذ من منتصف التدفق بعد التنظيف، أو تُترك مدة قبل تحليلها، قد تحمل دمًا أو خلايا أو جراثيم لا مصدر لها في المسالك البولية، وغالبًا ما تحسم إعادة العينة ذلك.',
    aboutTheSample: true,
  },
};

import type { SeedStoreOption, SeedStoreProduct } from './types.ts';

// ─────────────── shared additional-info blocks ───────────────
const KIT_SHIPPING = {
  titleEn: 'Shipping & returns',
  titleAr: 'الشحن والإرجاع',
  descriptionEn:
    '<p>Delivered within <strong>2–4 working days</strong> to all cities in the Kingdom. For hygiene reasons, kits can only be returned unopened, within 7 days of delivery.</p>',
  descriptionAr:
    '<p>يصلك الطلب خلال <strong>2 إلى 4 أيام عمل</strong> إلى جميع مدن المملكة. لدواعٍ صحية، لا يمكن إرجاع العدة إلا وهي مغلقة وخلال 7 أيام من الاستلام.</p>',
};

const MERCH_SHIPPING = {
  titleEn: 'Shipping & returns',
  titleAr: 'الشحن والإرجاع',
  descriptionEn:
    '<p>Delivered within <strong>3–5 working days</strong>. Free exchange or return within 14 days if the item is unused and in its original packaging.</p>',
  descriptionAr:
    '<p>يصلك الطلب خلال <strong>3 إلى 5 أيام عمل</strong>. يمكنك الاستبدال أو الإرجاع مجاناً خلال 14 يوماً إذا كان المنتج غير مستخدم وفي تغليفه الأصلي.</p>',
};

const KIT_DISCLAIMER = {
  titleEn: 'Important',
  titleAr: 'تنبيه مهم',
  descriptionEn:
    '<p>Home tests support, but do not replace, a consultation with your doctor. If your result is outside the normal range, book a confirmatory test at a lab.</p>',
  descriptionAr:
    '<p>الفحوصات المنزلية تساعدك على متابعة صحتك لكنها لا تغني عن استشارة الطبيب. إذا جاءت النتيجة خارج المعدل الطبيعي فاحجز تحليلاً تأكيدياً في أحد المختبرات.</p>',
};

// ─────────────── shared options ───────────────
const COLOUR_NAVY_WHITE: SeedStoreOption = {
  titleEn: 'Colour',
  titleAr: 'اللون',
  values: [
    { en: 'Navy', ar: 'كحلي' },
    { en: 'White', ar: 'أبيض' },
  ],
};

export const storeProducts: SeedStoreProduct[] = [
  // ═══════════════════════ Home kits ═══════════════════════
  {
    slug: 'vitamin-d-home-test-kit',
    type: 'kit',
    collection: 'home-kits',
    titleEn: 'Vitamin D Home Test Kit',
    titleAr: 'اختبار فيتامين د المنزلي',
    subtitleEn: 'Finger-prick sample, lab-analysed',
    subtitleAr: 'عينة من وخزة الإصبع تُحلَّل في المختبر',
    ribbonEn: 'Bestseller',
    ribbonAr: 'الأكثر مبيعاً',
    descriptionEn:
      '<p>Check your <strong>vitamin D (25-OH)</strong> level without leaving home. Collect a few drops of blood from a finger prick, post the card back in the prepaid envelope, and get your result in the app.</p><ul><li>Results within 3–5 days of the lab receiving your sample</li><li>Analysed by an accredited partner lab</li><li>Everything included: lancets, collection card, plaster and return envelope</li></ul>',
    descriptionAr:
      '<p>اعرف مستوى <strong>فيتامين د (25-OH)</strong> دون الحاجة لزيارة المختبر. اجمع بضع قطرات من الدم بوخزة في الإصبع، وأعد البطاقة في الظرف المدفوع مسبقاً، واستلم نتيجتك في التطبيق.</p><ul><li>النتيجة خلال 3 إلى 5 أيام من وصول العينة إلى المختبر</li><li>تُحلَّل العينة في مختبر شريك معتمد</li><li>تحتوي العدة على كل ما تحتاجه: إبر الوخز وبطاقة جمع العينة ولاصق طبي وظرف الإرجاع</li></ul>',
    purchasable: true,
    siteProductSelection: 'lowest_price_first',
    images: ['vitamin-d-kit.svg', 'vitamin-d-kit-contents.svg', 'vitamin-d-kit-pack-2.svg'],
    options: [
      {
        titleEn: 'Pack',
        titleAr: 'العبوة',
        values: [
          { en: 'Single kit', ar: 'اختبار واحد' },
          { en: 'Pack of 2', ar: 'عبوة من اختبارين' },
        ],
      },
    ],
    variants: [
      {
        sku: 'KIT-VITD-1',
        titleEn: 'Single kit',
        titleAr: 'اختبار واحد',
        optionValues: ['Single kit'],
        priceHalalas: 14900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 120,
        image: 'vitamin-d-kit.svg',
        weightGrams: 90,
      },
      {
        sku: 'KIT-VITD-2',
        titleEn: 'Pack of 2',
        titleAr: 'عبوة من اختبارين',
        optionValues: ['Pack of 2'],
        priceHalalas: 26900,
        salePriceHalalas: 23900,
        manageInventory: true,
        inventoryQuantity: 3,
        image: 'vitamin-d-kit-pack-2.svg',
        weightGrams: 170,
      },
    ],
    additionalInfo: [
      {
        titleEn: 'How it works',
        titleAr: 'طريقة الاستخدام',
        descriptionEn:
          '<ul><li>Register your kit in the Tahaleel app</li><li>Collect the sample in the morning, before 10 am</li><li>Post it back the same day using the prepaid envelope</li></ul>',
        descriptionAr:
          '<ul><li>سجّل العدة في تطبيق تحاليل</li><li>اجمع العينة صباحاً قبل الساعة 10</li><li>أرسلها في اليوم نفسه باستخدام الظرف المدفوع مسبقاً</li></ul>',
      },
      KIT_SHIPPING,
      KIT_DISCLAIMER,
    ],
  },
  {
    slug: 'hba1c-home-test-kit',
    type: 'kit',
    collection: 'home-kits',
    titleEn: 'HbA1c Home Test Kit',
    titleAr: 'اختبار السكر التراكمي المنزلي (HbA1c)',
    subtitleEn: 'Result in 5 minutes',
    subtitleAr: 'النتيجة خلال 5 دقائق',
    ribbonEn: 'Sale',
    ribbonAr: 'تخفيض',
    descriptionEn:
      '<p>A rapid test that shows your <strong>average blood sugar over the last 3 months</strong> from a single drop of blood. Ideal for people with diabetes between doctor visits.</p><ul><li>Result on the reader in 5 minutes</li><li>No fasting needed</li><li>Single use, includes lancet and reader</li></ul>',
    descriptionAr:
      '<p>اختبار سريع يوضح <strong>متوسط السكر في الدم خلال الأشهر الثلاثة الماضية</strong> من قطرة دم واحدة. مناسب لمرضى السكري لمتابعة حالتهم بين مواعيد الطبيب.</p><ul><li>تظهر النتيجة على الجهاز خلال 5 دقائق</li><li>لا يحتاج إلى صيام</li><li>للاستخدام مرة واحدة، ويشمل إبرة الوخز وجهاز القراءة</li></ul>',
    purchasable: true,
    siteProductSelection: null,
    images: ['hba1c-kit.svg'],
    options: [],
    variants: [
      {
        sku: 'KIT-HBA1C',
        titleEn: 'Single kit',
        titleAr: 'اختبار واحد',
        optionValues: [],
        priceHalalas: 12900,
        salePriceHalalas: 9900,
        manageInventory: true,
        inventoryQuantity: 45,
        image: null,
        weightGrams: 110,
      },
    ],
    additionalInfo: [KIT_SHIPPING, KIT_DISCLAIMER],
  },
  {
    slug: 'pregnancy-test-pack',
    type: 'kit',
    collection: 'home-kits',
    titleEn: 'Early Pregnancy Test',
    titleAr: 'اختبار الحمل المبكر',
    subtitleEn: 'Over 99% accurate from the day of the missed period',
    subtitleAr: 'دقة تتجاوز 99% من أول يوم لتأخر الدورة',
    ribbonEn: null,
    ribbonAr: null,
    descriptionEn:
      '<p>Midstream urine tests that detect the pregnancy hormone <strong>hCG</strong>. Easy to hold, with a clear result window in 3 minutes.</p><ul><li>Sensitivity 10 mIU/mL</li><li>Individually wrapped tests</li><li>Discreet packaging</li></ul>',
    descriptionAr:
      '<p>اختبارات بول سهلة الاستخدام تكشف عن هرمون الحمل <strong>hCG</strong>، مع نافذة نتيجة واضحة خلال 3 دقائق.</p><ul><li>حساسية 10 وحدات دولية/مل</li><li>كل اختبار مغلف بشكل منفصل</li><li>تغليف خاص يحفظ الخصوصية</li></ul>',
    purchasable: true,
    siteProductSelection: 'lowest_price_first',
    images: ['pregnancy-test.svg'],
    options: [
      {
        titleEn: 'Pack size',
        titleAr: 'حجم العبوة',
        values: [
          { en: '2 tests', ar: 'اختباران' },
          { en: '5 tests', ar: '5 اختبارات' },
          { en: '10 tests', ar: '10 اختبارات' },
        ],
      },
    ],
    variants: [
      {
        sku: 'KIT-PREG-2',
        titleEn: '2 tests',
        titleAr: 'اختباران',
        optionValues: ['2 tests'],
        priceHalalas: 2500,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 200,
        image: null,
        weightGrams: 40,
      },
      {
        sku: 'KIT-PREG-5',
        titleEn: '5 tests',
        titleAr: '5 اختبارات',
        optionValues: ['5 tests'],
        priceHalalas: 4900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 64,
        image: null,
        weightGrams: 85,
      },
      {
        sku: 'KIT-PREG-10',
        titleEn: '10 tests',
        titleAr: '10 اختبارات',
        optionValues: ['10 tests'],
        priceHalalas: 8500,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 0,
        image: null,
        weightGrams: 160,
      },
    ],
    additionalInfo: [
      {
        titleEn: 'How to use',
        titleAr: 'طريقة الاستخدام',
        descriptionEn:
          '<ul><li>Use first morning urine for best accuracy</li><li>Hold the tip in the urine stream for 5 seconds</li><li>Read the result after 3 minutes, not later than 10 minutes</li></ul>',
        descriptionAr:
          '<ul><li>استخدمي أول بول في الصباح للحصول على أدق نتيجة</li><li>ضعي طرف الاختبار تحت مجرى البول لمدة 5 ثوانٍ</li><li>اقرئي النتيجة بعد 3 دقائق وقبل مرور 10 دقائق</li></ul>',
      },
      KIT_SHIPPING,
    ],
  },
  {
    slug: 'glucose-meter-starter-kit',
    type: 'kit',
    collection: 'home-kits',
    titleEn: 'Blood Glucose Meter Starter Kit',
    titleAr: 'جهاز قياس السكر مع الشرائط',
    subtitleEn: 'Meter, lancing device and test strips',
    subtitleAr: 'جهاز القياس وقلم الوخز وشرائط الفحص',
    ribbonEn: null,
    ribbonAr: null,
    descriptionEn:
      '<p>Everything you need to check your blood sugar at home. The meter gives a reading in <strong>5 seconds</strong> from a tiny drop of blood and stores your last 500 results.</p><ul><li>Includes meter, lancing device, 10 lancets and carry case</li><li>Large, clear display with Arabic and English menus</li><li>Batteries included</li></ul>',
    descriptionAr:
      '<p>كل ما تحتاجه لقياس السكر في المنزل. يعطي الجهاز القراءة خلال <strong>5 ثوانٍ</strong> من قطرة دم صغيرة، ويحفظ آخر 500 نتيجة.</p><ul><li>يشمل الجهاز وقلم الوخز و10 إبر وحقيبة حمل</li><li>شاشة كبيرة وواضحة بقوائم عربية وإنجليزية</li><li>البطاريات مرفقة</li></ul>',
    purchasable: true,
    siteProductSelection: null,
    images: ['glucose-meter.svg', 'glucose-meter-strips.svg'],
    options: [
      {
        titleEn: 'Bundle',
        titleAr: 'المحتوى',
        values: [
          { en: 'Meter + 25 strips', ar: 'الجهاز + 25 شريطاً' },
          { en: 'Meter + 50 strips', ar: 'الجهاز + 50 شريطاً' },
        ],
      },
    ],
    variants: [
      {
        sku: 'KIT-GLU-25',
        titleEn: 'Meter + 25 strips',
        titleAr: 'الجهاز + 25 شريطاً',
        optionValues: ['Meter + 25 strips'],
        priceHalalas: 14900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 18,
        image: 'glucose-meter.svg',
        weightGrams: 320,
      },
      {
        sku: 'KIT-GLU-50',
        titleEn: 'Meter + 50 strips',
        titleAr: 'الجهاز + 50 شريطاً',
        optionValues: ['Meter + 50 strips'],
        priceHalalas: 19900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 1,
        image: 'glucose-meter-strips.svg',
        weightGrams: 380,
      },
    ],
    additionalInfo: [
      {
        titleEn: 'In the box',
        titleAr: 'محتويات العبوة',
        descriptionEn:
          '<ul><li>Blood glucose meter</li><li>Lancing device and 10 sterile lancets</li><li>Test strips (25 or 50)</li><li>Carry case and user guide</li></ul>',
        descriptionAr:
          '<ul><li>جهاز قياس السكر</li><li>قلم الوخز و10 إبر معقمة</li><li>شرائط الفحص (25 أو 50)</li><li>حقيبة حمل ودليل الاستخدام</li></ul>',
      },
      KIT_SHIPPING,
      KIT_DISCLAIMER,
    ],
  },
  {
    slug: 'home-first-aid-kit',
    type: 'kit',
    collection: 'home-kits',
    titleEn: 'Home First Aid Kit',
    titleAr: 'حقيبة الإسعافات الأولية المنزلية',
    subtitleEn: '72 essentials in a compact case',
    subtitleAr: '72 قطعة أساسية في حقيبة صغيرة',
    ribbonEn: null,
    ribbonAr: null,
    descriptionEn:
      '<p>A well-organised first aid kit for the home, the car or a trip to the desert. Includes the basics for <strong>cuts, burns, sprains and stings</strong>.</p><ul><li>Plasters, sterile gauze, bandages and medical tape</li><li>Antiseptic wipes, burn gel and cold pack</li><li>Scissors, tweezers, gloves and emergency blanket</li></ul>',
    descriptionAr:
      '<p>حقيبة إسعافات أولية منظمة للمنزل أو السيارة أو رحلات البر. تحتوي على الأساسيات للتعامل مع <strong>الجروح والحروق والالتواءات واللسعات</strong>.</p><ul><li>لاصقات جروح وشاش معقم وأربطة وشريط طبي</li><li>مناديل معقمة وجل للحروق وكمادة باردة</li><li>مقص وملقط وقفازات وبطانية طوارئ</li></ul>',
    purchasable: true,
    siteProductSelection: null,
    images: [],
    options: [],
    variants: [
      {
        sku: 'KIT-FIRSTAID',
        titleEn: 'Standard',
        titleAr: 'قياسي',
        optionValues: [],
        priceHalalas: 8900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 2,
        image: null,
        weightGrams: 650,
      },
    ],
    additionalInfo: [KIT_SHIPPING],
  },

  // ═══════════════════════ Merchandise ═══════════════════════
  {
    slug: 'tahaleel-cotton-tshirt',
    type: 'merch',
    collection: 'apparel',
    titleEn: 'Tahaleel Cotton T-Shirt',
    titleAr: 'تيشيرت تحاليل القطني',
    subtitleEn: '100% combed cotton, regular fit',
    subtitleAr: 'قطن ممشط 100%، قصّة عادية',
    ribbonEn: null,
    ribbonAr: null,
    descriptionEn:
      '<p>A soft, breathable everyday t-shirt with a small embroidered <strong>Tahaleel</strong> logo on the chest. Made for hot days.</p><ul><li>180 g/m² combed cotton</li><li>Regular fit, true to size</li><li>Pre-shrunk</li></ul>',
    descriptionAr:
      '<p>تيشيرت يومي ناعم وجيد التهوية بشعار <strong>تحاليل</strong> مطرّز صغير على الصدر، مناسب للأيام الحارة.</p><ul><li>قطن ممشط بوزن 180 غ/م²</li><li>قصّة عادية مطابقة للمقاس</li><li>معالج ضد الانكماش</li></ul>',
    purchasable: true,
    siteProductSelection: 'first',
    images: ['tshirt-navy.svg', 'tshirt-white.svg', 'tshirt-folded.svg'],
    options: [
      {
        titleEn: 'Size',
        titleAr: 'المقاس',
        values: [
          { en: 'S', ar: 'صغير (S)' },
          { en: 'M', ar: 'وسط (M)' },
          { en: 'L', ar: 'كبير (L)' },
          { en: 'XL', ar: 'كبير جداً (XL)' },
        ],
      },
      COLOUR_NAVY_WHITE,
    ],
    variants: [
      { sku: 'TEE-S-NAVY', titleEn: 'S / Navy', titleAr: 'صغير (S) / كحلي', optionValues: ['S', 'Navy'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 2, image: 'tshirt-navy.svg', weightGrams: 190 },
      { sku: 'TEE-M-NAVY', titleEn: 'M / Navy', titleAr: 'وسط (M) / كحلي', optionValues: ['M', 'Navy'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 34, image: 'tshirt-navy.svg', weightGrams: 200 },
      { sku: 'TEE-L-NAVY', titleEn: 'L / Navy', titleAr: 'كبير (L) / كحلي', optionValues: ['L', 'Navy'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 27, image: 'tshirt-navy.svg', weightGrams: 210 },
      { sku: 'TEE-XL-NAVY', titleEn: 'XL / Navy', titleAr: 'كبير جداً (XL) / كحلي', optionValues: ['XL', 'Navy'], priceHalalas: 8400, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 12, image: 'tshirt-navy.svg', weightGrams: 225 },
      { sku: 'TEE-S-WHITE', titleEn: 'S / White', titleAr: 'صغير (S) / أبيض', optionValues: ['S', 'White'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 9, image: 'tshirt-white.svg', weightGrams: 190 },
      { sku: 'TEE-M-WHITE', titleEn: 'M / White', titleAr: 'وسط (M) / أبيض', optionValues: ['M', 'White'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 22, image: 'tshirt-white.svg', weightGrams: 200 },
      { sku: 'TEE-L-WHITE', titleEn: 'L / White', titleAr: 'كبير (L) / أبيض', optionValues: ['L', 'White'], priceHalalas: 7900, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 1, image: 'tshirt-white.svg', weightGrams: 210 },
      { sku: 'TEE-XL-WHITE', titleEn: 'XL / White', titleAr: 'كبير جداً (XL) / أبيض', optionValues: ['XL', 'White'], priceHalalas: 8400, salePriceHalalas: null, manageInventory: true, inventoryQuantity: 0, image: 'tshirt-white.svg', weightGrams: 225 },
    ],
    additionalInfo: [
      {
        titleEn: 'Care instructions',
        titleAr: 'تعليمات العناية',
        descriptionEn: '<ul><li>Machine wash cold, inside out</li><li>Do not tumble dry</li><li>Iron on low heat, not over the logo</li></ul>',
        descriptionAr: '<ul><li>يُغسل في الغسالة بماء بارد مع قلبه على الوجه الداخلي</li><li>لا يُجفف في المجفف</li><li>يُكوى على حرارة منخفضة بعيداً عن الشعار</li></ul>',
      },
      {
        titleEn: 'Size guide',
        titleAr: 'دليل المقاسات',
        descriptionEn: '<ul><li><strong>S</strong>: chest 96 cm</li><li><strong>M</strong>: chest 102 cm</li><li><strong>L</strong>: chest 108 cm</li><li><strong>XL</strong>: chest 116 cm</li></ul>',
        descriptionAr: '<ul><li><strong>صغير (S)</strong>: محيط الصدر 96 سم</li><li><strong>وسط (M)</strong>: محيط الصدر 102 سم</li><li><strong>كبير (L)</strong>: محيط الصدر 108 سم</li><li><strong>كبير جداً (XL)</strong>: محيط الصدر 116 سم</li></ul>',
      },
      MERCH_SHIPPING,
    ],
  },
  {
    slug: 'tahaleel-canvas-tote-bag',
    type: 'merch',
    collection: 'accessories',
    titleEn: 'Canvas Tote Bag',
    titleAr: 'حقيبة قماشية',
    subtitleEn: 'Heavy cotton canvas',
    subtitleAr: 'قماش قطني متين',
    ribbonEn: 'New',
    ribbonAr: 'جديد',
    descriptionEn:
      '<p>A roomy, reusable tote for groceries, the gym or the office. Strong enough for everyday use, with an inside pocket for your phone and keys.</p><ul><li>38 × 42 cm, 10 cm gusset</li><li>Long handles to carry on the shoulder</li></ul>',
    descriptionAr:
      '<p>حقيبة واسعة قابلة لإعادة الاستخدام للتسوق أو النادي أو العمل، متينة للاستخدام اليومي مع جيب داخلي للجوال والمفاتيح.</p><ul><li>المقاس 38 × 42 سم بعمق 10 سم</li><li>مقابض طويلة للحمل على الكتف</li></ul>',
    purchasable: true,
    siteProductSelection: null,
    images: ['tote-bag.svg'],
    options: [],
    variants: [
      {
        sku: 'ACC-TOTE',
        titleEn: 'Natural',
        titleAr: 'بيج طبيعي',
        optionValues: [],
        priceHalalas: 4900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 75,
        image: null,
        weightGrams: 240,
      },
    ],
    additionalInfo: [MERCH_SHIPPING],
  },
  {
    slug: 'insulated-water-bottle',
    type: 'merch',
    collection: 'accessories',
    titleEn: 'Insulated Water Bottle 750 ml',
    titleAr: 'مطارة ماء حافظة للحرارة 750 مل',
    subtitleEn: 'Keeps water cold for 24 hours',
    subtitleAr: 'تحافظ على برودة الماء 24 ساعة',
    ribbonEn: 'Sale',
    ribbonAr: 'تخفيض',
    descriptionEn:
      '<p>Stay hydrated through the Saudi summer. Double-wall stainless steel keeps drinks <strong>cold for 24 hours</strong> or hot for 12.</p><ul><li>750 ml, leak-proof lid</li><li>BPA-free</li><li>Fits most car cup holders</li></ul>',
    descriptionAr:
      '<p>حافظ على ترطيب جسمك في صيف المملكة. جدار مزدوج من الفولاذ المقاوم للصدأ يحفظ المشروبات <strong>باردة 24 ساعة</strong> أو ساخنة 12 ساعة.</p><ul><li>سعة 750 مل مع غطاء محكم ضد التسرب</li><li>خالية من مادة BPA</li><li>تناسب معظم حوامل الأكواب في السيارات</li></ul>',
    purchasable: true,
    siteProductSelection: 'first',
    images: ['water-bottle-teal.svg', 'water-bottle-sand.svg', 'water-bottle-pair.svg'],
    options: [
      {
        titleEn: 'Colour',
        titleAr: 'اللون',
        values: [
          { en: 'Teal', ar: 'فيروزي' },
          { en: 'Sand', ar: 'رملي' },
        ],
      },
    ],
    variants: [
      {
        sku: 'ACC-BOTTLE-TEAL',
        titleEn: 'Teal',
        titleAr: 'فيروزي',
        optionValues: ['Teal'],
        priceHalalas: 6900,
        salePriceHalalas: 5500,
        manageInventory: true,
        inventoryQuantity: 40,
        image: 'water-bottle-teal.svg',
        weightGrams: 380,
      },
      {
        sku: 'ACC-BOTTLE-SAND',
        titleEn: 'Sand',
        titleAr: 'رملي',
        optionValues: ['Sand'],
        priceHalalas: 6900,
        salePriceHalalas: 5500,
        manageInventory: true,
        inventoryQuantity: 3,
        image: 'water-bottle-sand.svg',
        weightGrams: 380,
      },
    ],
    additionalInfo: [
      {
        titleEn: 'Care instructions',
        titleAr: 'تعليمات العناية',
        descriptionEn: '<p>Hand wash only. Not suitable for the dishwasher or freezer.</p>',
        descriptionAr: '<p>تُغسل باليد فقط، ولا تُوضع في غسالة الصحون أو الفريزر.</p>',
      },
      MERCH_SHIPPING,
    ],
  },
  {
    slug: 'tahaleel-cap',
    type: 'merch',
    collection: 'apparel',
    titleEn: 'Tahaleel Cap',
    titleAr: 'كاب تحاليل',
    subtitleEn: 'Adjustable, one size',
    subtitleAr: 'مقاس واحد قابل للتعديل',
    ribbonEn: 'Coming soon',
    ribbonAr: 'قريباً',
    descriptionEn:
      '<p>A lightweight six-panel cap with an embroidered logo and breathable mesh lining. <strong>Available soon</strong>.</p>',
    descriptionAr:
      '<p>كاب خفيف من ست قطع بشعار مطرّز وبطانة شبكية جيدة التهوية. <strong>يتوفر قريباً</strong>.</p>',
    purchasable: false,
    siteProductSelection: null,
    images: ['cap.svg'],
    options: [COLOUR_NAVY_WHITE],
    variants: [
      {
        sku: 'CAP-NAVY',
        titleEn: 'Navy',
        titleAr: 'كحلي',
        optionValues: ['Navy'],
        priceHalalas: 5900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 0,
        image: 'cap.svg',
        weightGrams: 90,
      },
      {
        sku: 'CAP-WHITE',
        titleEn: 'White',
        titleAr: 'أبيض',
        optionValues: ['White'],
        priceHalalas: 5900,
        salePriceHalalas: null,
        manageInventory: true,
        inventoryQuantity: 0,
        image: null,
        weightGrams: 90,
      },
    ],
    additionalInfo: [],
  },
  {
    slug: 'tahaleel-ceramic-mug',
    type: 'merch',
    collection: 'accessories',
    titleEn: 'Ceramic Mug',
    titleAr: 'كوب سيراميك',
    subtitleEn: '350 ml',
    subtitleAr: '350 مل',
    ribbonEn: null,
    ribbonAr: null,
    descriptionEn:
      '<p>A glossy ceramic mug for your morning coffee or karak, printed to order with the Tahaleel logo.</p><ul><li>350 ml</li><li>Dishwasher and microwave safe</li></ul>',
    descriptionAr:
      '<p>كوب سيراميك لامع لقهوتك الصباحية أو شاي الكرك، يُطبع عند الطلب بشعار تحاليل.</p><ul><li>سعة 350 مل</li><li>آمن في غسالة الصحون والميكروويف</li></ul>',
    purchasable: true,
    siteProductSelection: null,
    images: ['mug.svg'],
    options: [],
    variants: [
      {
        sku: 'ACC-MUG',
        titleEn: 'White',
        titleAr: 'أبيض',
        optionValues: [],
        priceHalalas: 3900,
        salePriceHalalas: null,
        manageInventory: false,
        inventoryQuantity: 0,
        image: null,
        weightGrams: 380,
      },
    ],
    additionalInfo: [MERCH_SHIPPING],
  },
];

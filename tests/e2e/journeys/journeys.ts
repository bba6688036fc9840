import { randomBytes } from 'node:crypto';
import { expect, type Language, type Page } from '../fixtures.ts';

// What the role journeys share: the runs (each language on a desktop and on a phone), the words the
// pages show in each language, and a few moves every role makes (the menu, the dashboard's sections).

export interface Run {
  /** Arabic or English, for the title. */
  language: string;
  locale: Language;
  phone: boolean;
  /** 0–3, unique per run: picks dates and products that no other run (or spec) takes. */
  index: number;
}

export const runs: Run[] = [
  { language: 'Arabic', locale: 'ar', phone: false, index: 0 },
  { language: 'English', locale: 'en', phone: false, index: 1 },
  { language: 'Arabic', locale: 'ar', phone: true, index: 2 },
  { language: 'English', locale: 'en', phone: true, index: 3 },
];

/** "… in Arabic on a desktop", "… in English on a phone @mobile" (the phone project runs the latter). */
export function titled(journey: string, run: Run, tags = '') {
  return `${journey} in ${run.language} on a ${run.phone ? 'phone @mobile' : 'desktop'}${tags ? ` ${tags}` : ''}`;
}

/** Arabic letters only, so that the name needs no bidi isolation in Arabic text. */
export function arabicTag(length = 5): string {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمنهي';
  return [...randomBytes(length)].map((byte) => letters[byte % letters.length]).join('');
}

export const latinTag = () => randomBytes(4).toString('hex');

export const words = {
  ar: {
    homeHeading: 'احجز تحليلك بأفضل سعر وأقرب مختبر',
    menu: { home: 'الرئيسية', store: 'المتجر', labs: 'المختبرات' },
    bloodTests: 'تحاليل الدم',
    cbc: 'صورة الدم الكاملة',
    howToPrepare: 'الاستعداد للتحليل',
    labsOffering: 'المختبرات التي تقدّم هذا التحليل',
    workingHours: 'ساعات العمل',
    testsAndPrices: 'التحاليل والأسعار',
    testName: 'اسم التحليل',
    search: 'بحث',
    searchResults: 'نتائج البحث',
    addToCart: 'أضف إلى السلة',
    addedToCart: 'أُضيف إلى سلتك',
    chooseDayAndTime: 'اختر اليوم والموعد',
    testCart: 'سلة التحاليل',
    total: 'الإجمالي',
    checkout: 'إتمام الطلب',
    orderSummary: 'ملخص الطلب',
    bookingConfirmed: 'تم تأكيد حجزك!',
    welcome: (name: string) => `مرحبًا، ${name}`,
    upcomingBookings: 'الحجوزات القادمة',
    pastBookings: 'الحجوزات السابقة والملغاة',
    cancelBooking: 'إلغاء الحجز',
    bookingCancelled: 'تم إلغاء حجزك.',
    confirmed: 'مؤكد',
    completed: 'مكتمل',
    cancelled: 'ملغى',
    nav: {
      overview: 'نظرة عامة',
      bookings: 'الحجوزات',
      results: 'نتائجي',
      tests: 'التحاليل',
      uploadResults: 'رفع النتائج',
      payments: 'المدفوعات',
      settings: 'الإعدادات',
      labs: 'المختبرات',
      transactions: 'المعاملات',
    },
    onlyYouAndTheLab: 'لا يطّلع على هذه الملفات غيرك وغير المختبر الذي أجرى تحليلك.',
    download: 'تنزيل',
    // Lab
    joinHeading: 'انضم إلى تحاليل كمختبر',
    joinNow: 'انضم الآن',
    underReview: 'حساب مختبرك قيد المراجعة، وسنُعلمك فور اعتماده.',
    completeProfile: 'أكمل ملف المختبر',
    labNameAr: 'اسم المختبر بالعربية',
    labNameEn: 'اسم المختبر بالإنجليزية',
    city: 'المدينة',
    riyadh: 'الرياض',
    phone: 'رقم الهاتف',
    appointmentLength: 'مدة الموعد الواحد',
    useMyLocation: 'استخدم موقعي الحالي',
    latitude: 'خط العرض',
    longitude: 'خط الطول',
    hour: '60 دقيقة',
    open: 'مفتوح',
    closed: 'مغلق',
    openOnFriday: 'مفتوح يوم الجمعة',
    saveProfile: 'حفظ الملف',
    profileSaved: 'تم حفظ ملف مختبرك.',
    testNameAr: 'اسم التحليل بالعربية',
    testNameEn: 'اسم التحليل بالإنجليزية',
    sendRequest: 'إرسال الطلب',
    requestSent: 'تم إرسال طلبك للمراجعة.',
    pendingReview: 'قيد المراجعة',
    approved: 'معتمد',
    addFromCatalogue: 'أضف تحليلًا من قائمة التحاليل',
    price: 'السعر (ر.س، شامل الضريبة)',
    add: 'إضافة',
    offeringAdded: 'أُضيف التحليل إلى قائمة أسعارك.',
    oneOffered: 'تحليل واحد معروض للمرضى',
    markCompleted: 'تحديد كمكتمل',
    bookingCompleted: 'تم تحديد الحجز كمكتمل.',
    uploadResult: 'رفع النتيجة',
    resultUploaded: 'تم رفع النتيجة.',
    uploadedResults: 'النتائج المرفوعة',
    oneResultFile: 'رُفع ملف نتيجة واحد',
    totalOfCompleted: 'إجمالي الحجوزات المكتملة',
    // Admin
    adminLogin: 'دخول المشرف',
    adminEmail: 'البريد الإلكتروني للمشرف',
    password: 'كلمة المرور',
    logIn: 'تسجيل الدخول',
    adminName: 'مدير تحاليل',
    searchLabs: 'ابحث في المختبرات',
    filter: 'تصفية',
    awaitingApproval: 'بانتظار الاعتماد',
    approve: 'اعتماد',
    labStatusUpdated: 'تم تحديث حالة المختبر.',
    requestedBy: (lab: string) => `طلبه ${lab} بتاريخ`,
    requestApproved: 'تم اعتماد طلب التحليل.',
    noRequests: 'لا توجد طلبات تحاليل بانتظار المراجعة.',
    totalRevenue: 'إجمالي الإيرادات',
    show: 'عرض',
    labTestBookings: 'حجوزات التحاليل',
    labTest: 'تحليل مخبري',
  },
  en: {
    homeHeading: 'Book your lab test at the best price near you',
    menu: { home: 'Home', store: 'Store', labs: 'Labs' },
    bloodTests: 'Blood Tests',
    cbc: 'Complete Blood Count (CBC)',
    howToPrepare: 'How to prepare',
    labsOffering: 'Labs offering this test',
    workingHours: 'Working hours',
    testsAndPrices: 'Tests and prices',
    testName: 'Test name',
    search: 'Search',
    searchResults: 'Search results',
    addToCart: 'Add to cart',
    addedToCart: 'Added to your cart',
    chooseDayAndTime: 'Choose a day and a time',
    testCart: 'Your test cart',
    total: 'Total',
    checkout: 'Checkout',
    orderSummary: 'Order summary',
    bookingConfirmed: 'Your booking is confirmed!',
    welcome: (name: string) => `Welcome, ${name}`,
    upcomingBookings: 'Upcoming bookings',
    pastBookings: 'Past and cancelled bookings',
    cancelBooking: 'Cancel booking',
    bookingCancelled: 'Your booking has been cancelled.',
    confirmed: 'Confirmed',
    completed: 'Completed',
    cancelled: 'Cancelled',
    nav: {
      overview: 'Overview',
      bookings: 'Bookings',
      results: 'My results',
      tests: 'Tests',
      uploadResults: 'Upload results',
      payments: 'Payments',
      settings: 'Settings',
      labs: 'Labs',
      transactions: 'Transactions',
    },
    onlyYouAndTheLab: 'Only you and the lab that ran your test can open these files.',
    download: 'Download',
    joinHeading: 'Join Tahaleel as a lab',
    joinNow: 'Join Now',
    underReview: 'Your lab account is under review. You will be notified once it is approved.',
    completeProfile: 'Complete your profile',
    labNameAr: 'Lab name in Arabic',
    labNameEn: 'Lab name in English',
    city: 'City',
    riyadh: 'Riyadh',
    phone: 'Phone number',
    appointmentLength: 'Length of each appointment',
    useMyLocation: 'Use my current location',
    latitude: 'Latitude',
    longitude: 'Longitude',
    hour: '60 minutes',
    open: 'Open',
    closed: 'Closed',
    openOnFriday: 'Open on Friday',
    saveProfile: 'Save profile',
    profileSaved: 'Your lab profile has been saved.',
    testNameAr: 'Test name in Arabic',
    testNameEn: 'Test name in English',
    sendRequest: 'Send request',
    requestSent: 'Your request has been sent for review.',
    pendingReview: 'Pending review',
    approved: 'Approved',
    addFromCatalogue: 'Add a test from the catalogue',
    price: 'Price (SAR, VAT included)',
    add: 'Add',
    offeringAdded: 'The test has been added to your price list.',
    oneOffered: '1 test is offered to patients',
    markCompleted: 'Mark as completed',
    bookingCompleted: 'The booking has been marked as completed.',
    uploadResult: 'Upload result',
    resultUploaded: 'The result has been uploaded.',
    uploadedResults: 'Uploaded results',
    oneResultFile: '1 result file uploaded',
    totalOfCompleted: 'Total of completed bookings',
    adminLogin: 'Admin Login',
    adminEmail: 'Admin e-mail',
    password: 'Password',
    logIn: 'Log in',
    adminName: 'مدير تحاليل',
    searchLabs: 'Search labs',
    filter: 'Filter',
    awaitingApproval: 'Awaiting approval',
    approve: 'Approve',
    labStatusUpdated: 'Lab status updated.',
    requestedBy: (lab: string) => `Requested by ${lab} on`,
    requestApproved: 'Test request has been approved.',
    noRequests: 'No test requests are waiting for review.',
    totalRevenue: 'Total revenue',
    show: 'Show',
    labTestBookings: 'Lab-test bookings',
    labTest: 'Lab test',
  },
} satisfies Record<Language, unknown>;

/** A toast (or any one-off message) with exactly this text. */
export function message(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

/** Follows a link of the main menu: the header's on a desktop, the slide-in menu's below Chakra's `lg`. */
export async function openFromMenu(page: Page, label: string) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
  } else {
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  }
}

/** Opens a section of a dashboard from its sidebar (a row of tabs on a phone) and waits for it. */
export async function openSection(page: Page, label: string) {
  await page.getByTestId('dashboard-nav').getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('region', { name: label, exact: true })).toBeVisible();
}

/** A small real PDF (its magic bytes are what the server checks). */
export function resultPdf(note: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${note}\n%%EOF\n`);
}

import type { SeedCategory } from './types.ts';

export const categories: SeedCategory[] = [
  { id: 1, nameEn: 'General Health', nameAr: 'الفحوصات العامة', icon: 'Stethoscope', color: 'teal' },
  { id: 2, nameEn: 'Blood Tests', nameAr: 'تحاليل الدم', icon: 'Droplet', color: 'red' },
  { id: 3, nameEn: 'Diabetes', nameAr: 'السكري', icon: 'Candy', color: 'orange' },
  { id: 4, nameEn: 'Heart Health', nameAr: 'صحة القلب', icon: 'HeartPulse', color: 'pink' },
  { id: 5, nameEn: 'Thyroid', nameAr: 'الغدة الدرقية', icon: 'Activity', color: 'purple' },
  { id: 6, nameEn: 'Vitamins & Minerals', nameAr: 'الفيتامينات والمعادن', icon: 'Pill', color: 'yellow' },
  { id: 7, nameEn: 'Hormones', nameAr: 'الهرمونات', icon: 'FlaskConical', color: 'blue' },
  { id: 8, nameEn: 'Liver & Kidney', nameAr: 'وظائف الكبد والكلى', icon: 'Microscope', color: 'cyan' },
  { id: 9, nameEn: 'Infectious Diseases', nameAr: 'الأمراض المعدية', icon: 'Bug', color: 'green' },
  { id: 10, nameEn: 'Allergy', nameAr: 'الحساسية', icon: 'Flower2', color: 'gray' },
  { id: 11, nameEn: "Women's Health", nameAr: 'صحة المرأة', icon: 'Baby', color: 'pink' },
];

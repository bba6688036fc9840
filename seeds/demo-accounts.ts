export const DEMO_PASSWORD = 'tahaleel-demo';

export const demoAccounts = [
  { role: 'admin', email: 'admin@demo.tahaleel.sa', name: 'مدير تحاليل' },
  { role: 'approved lab', email: 'lab@demo.tahaleel.sa', name: '' },
  { role: 'lab awaiting approval', email: 'pending-lab@demo.tahaleel.sa', name: 'مختبر الريادة للتحاليل الطبية' },
  { role: 'customer', email: 'customer@demo.tahaleel.sa', name: 'سارة العتيبي' },
  { role: 'premium customer', email: 'premium@demo.tahaleel.sa', name: 'نورة القحطاني' },
  // Each asked for one thing before anything else: accepting the terms in force, or a second factor.
  { role: 'customer, old terms', email: 'old-terms@demo.tahaleel.sa', name: 'عبير السبيعي' },
  { role: 'admin, 2FA overdue', email: 'two-factor-due@demo.tahaleel.sa', name: 'خالد المالكي' },
] as const;

export function demoAccountsTable(): string {
  const lines = demoAccounts.map((account) => `  ${account.role.padEnd(22)} ${account.email.padEnd(32)} ${DEMO_PASSWORD}`);
  return ['Demo accounts:', ...lines].join('\n');
}

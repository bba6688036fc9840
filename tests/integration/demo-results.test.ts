import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoResults } from '../../seeds/demo-results.ts';
import { seedDemoSeries } from '../../seeds/demo-series.ts';
import { deterministicUuid } from '../../seeds/deterministic.ts';
import { customerReport, customerReports } from '../../src/server/modules/result-reports/result-reports.service.ts';
import { sharedKeyring } from '../../src/server/platform/result-sealing.ts';
import { testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the demo Premium customer', () => {
  it('gets her results once, sealed, with flags, an amendment and trends across visits', async () => {
    const keys = { keyring: await sharedKeyring(testEnv) };
    const customerId = deterministicUuid('user:premium@demo.tahaleel.sa');
    expect(await seedDemoResults(database.db, keys)).toBe(12);
    expect(await seedDemoResults(database.db, keys)).toBe(0);

    const reports = await customerReports(database.db, customerId);
    expect(reports).toHaveLength(12);
    expect(reports.filter((report) => report.amended)).toHaveLength(1);

    const latestVitaminD = reports.find((report) => report.test.en === 'Vitamin D (25-OH)')!;
    const vitaminD = (await customerReport(database.db, keys, customerId, latestVitaminD.bookingId)).observations[0]!;
    expect(vitaminD.trend.map((point) => [point.value, point.flag])).toEqual([
      [12, 'L'],
      [24, 'L'],
      [31, 'N'],
    ]);
    const cbc = await customerReport(database.db, keys, customerId, reports.find((report) => report.test.en.includes('CBC'))!.bookingId);
    expect(cbc.status).toBe('preliminary');
    expect(cbc.observations.find((observation) => observation.loinc === '718-7')).toMatchObject({ number: 10.9, flag: 'L' });
  });

  it('is written as history: seeding her twelve reports and her series mails and texts her no "results ready" (#77 item 21)', async () => {
    // A fresh database as `npm start` seeds it (src/server/bootstrap.ts): the demo data, her results, her series.
    const fresh = await openTestDatabase();
    try {
      const keys = { keyring: await sharedKeyring(testEnv) };
      const customerId = deterministicUuid('user:premium@demo.tahaleel.sa');
      expect(await seedDemoResults(fresh.db, keys)).toBe(12);
      await seedDemoSeries(fresh.db);
      const mails = await fresh.db.selectFrom('outbox').select('template').where('user_id', '=', customerId).execute();
      const texts = await fresh.db.selectFrom('phone_messages').select('template').where('user_id', '=', customerId).execute();
      expect(mails.filter((mail) => mail.template.startsWith('results-'))).toEqual([]);
      expect(texts.filter((text) => text.template.startsWith('results-') || text.template === 'critical-value')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

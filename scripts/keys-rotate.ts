// `npm run keys:rotate`: after a new RESULTS_ENCRYPTION_KEY is set (the previous one moved to
// RESULTS_ENCRYPTION_KEYS_OLD), re-wrap every result file's, report version's, NPHIES exchange's, lab's NPHIES credentials' and insurance card photo's data key under the new key and seal every
// two-factor (TOTP) secret again under the key derived from it, so the old keys can go. The files in the
// blob store are not read or written; running it again changes nothing. A key id in use that no given
// key opens stops it before anything changes. The six tables are walked by one loop,
// src/server/platform/key-rotation.ts, each describing its rows and how one is sealed again.
// docs/decisions/0021-results-sealed-at-rest.md, 0023-second-factors.md, 0094-health-insurance-cards-and-insurers.md,
// 0097-nphies-message-exchange.md.
//
//   RESULTS_ENCRYPTION_KEY=<new> RESULTS_ENCRYPTION_KEYS_OLD=<old> npm run keys:rotate
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';
import { missingCardPhotoKeyIds, rotateCardPhotoKeys } from '../src/server/modules/insurance/insurance-card.service.ts';
import { missingNphiesKeyIds, rotateNphiesKeys } from '../src/server/modules/lab-insurance/lab-insurance.service.ts';
import { rotateExchangeKeys } from '../src/server/modules/nphies/nphies.service.ts';
import { rotateDataKeys } from '../src/server/modules/result-files/result-files.service.ts';
import { rotateValueKeys } from '../src/server/modules/result-reports/result-reports.service.ts';
import { missingSecretKeyIds, resealSecrets } from '../src/server/modules/two-factor/two-factor.service.ts';
import { loadKeyring, UnknownKeyError } from '../src/server/platform/result-sealing.ts';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
if (!env.RESULTS_ENCRYPTION_KEY) {
  console.error(
    'Set RESULTS_ENCRYPTION_KEY to the key every data key is to be wrapped by, and the keys it replaces in RESULTS_ENCRYPTION_KEYS_OLD.',
  );
  process.exit(1);
}
const keyring = await loadKeyring(env.RESULTS_ENCRYPTION_KEY, env.RESULTS_ENCRYPTION_KEYS_OLD);
const { db, engine, location } = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(db);
  const missingForSecrets = await missingSecretKeyIds(db, env);
  if (missingForSecrets.length > 0) {
    throw new UnknownKeyError(missingForSecrets, 'two-factor secrets');
  }
  const missingForPhotos = await missingCardPhotoKeyIds(db, keyring);
  if (missingForPhotos.length > 0) throw new UnknownKeyError(missingForPhotos, 'insurance card photos');
  const missingForNphies = await missingNphiesKeyIds(db, keyring);
  if (missingForNphies.length > 0) throw new UnknownKeyError(missingForNphies, 'NPHIES credentials');
  const report = await rotateDataKeys(db, keyring);
  const values = await rotateValueKeys(db, keyring);
  const exchanges = await rotateExchangeKeys(db, keyring);
  const nphies = await rotateNphiesKeys(db, keyring);
  const secrets = await resealSecrets(db, env);
  const photos = await rotateCardPhotoKeys(db, keyring);
  console.log(`Result files in ${engine} at ${location}, current key ${keyring.current.id}:`);
  console.log(`${String(report.rewrapped).padStart(7)} data keys re-wrapped under the current key`);
  console.log(`${String(report.alreadyCurrent).padStart(7)} already wrapped by it`);
  console.log(`${String(report.unsealed).padStart(7)} stored before sealing (read as they are, checked by their SHA-256)`);
  console.log(`Result values (report versions):`);
  console.log(`${String(values.rewrapped).padStart(7)} data keys re-wrapped under the current key`);
  console.log(`${String(values.alreadyCurrent).padStart(7)} already wrapped by it`);
  console.log(`NPHIES exchanges:`);
  console.log(`${String(exchanges.rewrapped).padStart(7)} data keys re-wrapped under the current key`);
  console.log(`${String(exchanges.alreadyCurrent).padStart(7)} already wrapped by it`);
  console.log(`Labs' NPHIES credentials:`);
  console.log(`${String(nphies.rewrapped).padStart(7)} data keys re-wrapped under the current key`);
  console.log(`${String(nphies.alreadyCurrent).padStart(7)} already wrapped by it`);
  console.log(`Two-factor secrets:`);
  console.log(`${String(secrets.resealed).padStart(7)} sealed again under the current key`);
  console.log(`${String(secrets.alreadyCurrent).padStart(7)} already sealed under it`);
  console.log(`Insurance card photos:`);
  console.log(`${String(photos.rewrapped).padStart(7)} data keys re-wrapped under the current key`);
  const damaged = [
    ...report.damaged,
    ...values.damaged,
    ...exchanges.damaged,
    ...nphies.damaged.map((labId) => `NPHIES credentials of lab ${labId}`),
    ...photos.damaged,
  ];
  if (damaged.length > 0) {
    console.error(`${String(damaged.length).padStart(7)} with a wrapped key that no longer unwraps (damaged): ${damaged.join(', ')}`);
    process.exitCode = 1;
  } else if (keyring.byId.size > 1) {
    console.log(
      'No file, result value, NPHIES exchange or credential, card photo or two-factor secret needs the old keys any more: RESULTS_ENCRYPTION_KEYS_OLD can be emptied.',
    );
  }
} catch (error) {
  if (!(error instanceof UnknownKeyError)) throw error;
  console.error(`${error.message}: add the missing key(s) to RESULTS_ENCRYPTION_KEYS_OLD and run again. Nothing was changed.`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

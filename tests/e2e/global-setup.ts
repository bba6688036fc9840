import { seededDump } from '../../scripts/seeded-dump.ts';
import { seedDatabaseTemplate } from './app-server.ts';

/** Once a run, before any worker starts: the seeded database every worker's server copies. */
export default async function globalSetup() {
  await seedDatabaseTemplate(await seededDump());
}

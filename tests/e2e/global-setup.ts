import { seededDump } from '../../scripts/seeded-dump.ts';
import { demoNphiesSettings } from '../../seeds/data/demo-nphies.ts';
import { startFakeNphies } from '../fakes/nphies.ts';
import { seedDatabaseTemplate } from './app-server.ts';

/**
 * Once a run, before any worker starts: the seeded database every worker's server copies, and the fake
 * NPHIES at the address the demo lab's settings name, as `npm start` runs it (scripts/start.mjs), so a
 * checkout's coverage check at the demo lab is answered. A port already taken (an `npm start` on this
 * machine) leaves that fake answering. Playwright calls the function returned when the run ends.
 */
export default async function globalSetup() {
  await seedDatabaseTemplate(await seededDump());
  const port = Number(new URL(demoNphiesSettings.endpointUrl).port);
  const nphies = await startFakeNphies({ port }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') return null;
    throw error;
  });
  return () => nphies?.close();
}

// A process that opens the embedded database under DATA_DIR as the server does (connectDatabase) and
// keeps it open until SIGTERM, printing `holding` once it has it: a holder that starts in a fraction of
// the server's time. Run it as `node --import tsx <holderScript>`; importing this file only gives its path.
import { fileURLToPath } from 'node:url';

export const holderScript = fileURLToPath(import.meta.url);

if (process.argv[1] === holderScript) {
  const { connectDatabase } = await import('../../src/server/db/connect.ts');
  const { db } = await connectDatabase({ dataDir: process.env.DATA_DIR! });
  process.on('SIGTERM', () => void db.destroy().then(() => process.exit(0)));
  console.log('holding');
  setInterval(() => {}, 60_000);
}

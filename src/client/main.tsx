// The font faces: the entry's stylesheet, linked by index.html (written into the head of a page the
// server draws; see server-rendered-pages.ts).
import './fonts.css';
import { yieldToBrowser } from './lib/yield.ts';

// The entry evaluates as one task; React, Chakra's system (itself built in steps) and the app are
// each a task of their own (imported one after another), so no single step holds the main thread
// for long on a slow phone.
async function boot() {
  await import('react-dom/client');
  await yieldToBrowser();
  const { createAppSystemInSteps } = await import('./theme.ts');
  await yieldToBrowser();
  const system = await createAppSystemInSteps(yieldToBrowser);
  await yieldToBrowser();
  const { start } = await import('./app-main.tsx');
  await yieldToBrowser();
  await start(system);
}

void boot();

// The subsets the site's text needs (not Cyrillic, whose small files would be inlined into the CSS
// every page waits for). A browser fetches a subset only when the page shows one of its characters.
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import '@fontsource/ibm-plex-sans-arabic/latin-400.css';
import '@fontsource/ibm-plex-sans-arabic/latin-600.css';
import '@fontsource/ibm-plex-sans-arabic/latin-700.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-400.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-600.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-700.css';
import { yieldToBrowser } from './lib/yield.ts';

// The entry evaluates as one task; React, Chakra's system and the app are each a task of their own
// (imported one after another), so no single step holds the main thread for long on a slow phone.
async function boot() {
  await import('react-dom/client');
  await yieldToBrowser();
  const { createAppSystem } = await import('./theme.ts');
  await yieldToBrowser();
  const system = createAppSystem();
  await yieldToBrowser();
  const { start } = await import('./app-main.tsx');
  await yieldToBrowser();
  await start(system);
}

void boot();

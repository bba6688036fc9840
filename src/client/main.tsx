import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, storedLocale } from './lib/locale.ts';
import { queryClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { system } from './theme.ts';

const router = createAppRouter();

/** Re-renders the whole tree in the new language and hands Chakra the direction. */
function LocalizedApp() {
  const { i18n: active } = useLingui();
  return (
    <LocaleProvider locale={active.locale === 'en' ? 'en-SA' : 'ar-SA'}>
      <RouterProvider router={router} />
    </LocaleProvider>
  );
}

async function start() {
  await activateLocale(storedLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <LocalizedApp />
          </QueryClientProvider>
        </ChakraProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();

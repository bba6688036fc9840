// The invoice's fonts for the Worker, which has no file system to read them from (src/server/modules/
// billing/invoice-pdf.ts reads them on Node): wrangler bundles each .woff as a data module, an
// ArrayBuffer (wrangler.toml's [[rules]]).
import arabic from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff';
import arabicBold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff';
import latin from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff';
import latinBold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-600-normal.woff';
import type { InvoiceFonts } from './modules/billing/invoice-pdf.ts';

export const invoiceFonts: InvoiceFonts = {
  arabic: new Uint8Array(arabic),
  arabicBold: new Uint8Array(arabicBold),
  latin: new Uint8Array(latin),
  latinBold: new Uint8Array(latinBold),
};

import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import type { ExportName } from '../../shared/export-schemas.ts';
import { activeLocale } from '../lib/locale.ts';

/** The address of a CSV export for these filters, its header row in the reader's language. */
export function exportHref(name: ExportName, filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('locale', activeLocale());
  return `/exports/${name}.csv?${params.toString()}`;
}

/**
 * "Export CSV": a plain link the browser downloads (GET /exports/{name}.csv, the session cookie as
 * for any page), carrying the filters the list shows.
 */
export function ExportLink({ name, filters, label }: { name: ExportName; filters: Record<string, string | undefined>; label?: string }) {
  const { t } = useLingui();
  return (
    <Button asChild variant="outline" size="sm" alignSelf={{ base: 'stretch', sm: 'start' }}>
      <a href={exportHref(name, filters)} download data-testid={`export-${name}`}>
        <Download aria-hidden />
        {label ?? t`Export CSV`}
      </a>
    </Button>
  );
}

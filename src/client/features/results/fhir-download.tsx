import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileJson } from 'lucide-react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Downloads the customer's released values as a FHIR R4 Bundle (results.fhirBundle): a file any health
 * record system reads, for their doctor or another provider.
 */
export function FhirDownload() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...trpc.results.fhirBundle.queryOptions(), staleTime: 0 }),
    onSuccess: (bundle) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `tahaleel-results-${new Date().toISOString().slice(0, 10)}.fhir.json`;
      link.click();
      URL.revokeObjectURL(url);
    },
    onError: (error) => void notify.error({ title: t`The download did not work`, description: errorMessage(i18n, error) }),
  });
  return (
    <Button variant="outline" size="sm" loading={download.isPending} onClick={() => download.mutate()} alignSelf="flex-start">
      <FileJson size={16} aria-hidden />
      {t`Download values (FHIR JSON)`}
    </Button>
  );
}

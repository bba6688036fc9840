import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';

/** A plain link: the server checks who is asking, logs the read and sends the file as an attachment. */
export function ResultDownloadButton({ id, fileName }: { id: string; fileName: string }) {
  const { t } = useLingui();
  return (
    <Button asChild size="sm" variant="outline" colorPalette="brand">
      <a href={`/files/results/${id}`} download={fileName} data-testid="download-result" aria-label={t`Download ${fileName}`}>
        <Download aria-hidden />
        {t`Download`}
      </a>
    </Button>
  );
}

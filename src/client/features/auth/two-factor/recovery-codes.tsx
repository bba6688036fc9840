import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { notify } from '../../../components/ui/toaster.tsx';

/** The ten recovery codes, shown this once: copy them or save them as a file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useLingui();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success({ title: t`Recovery codes copied.` });
    } catch {
      notify.error({ title: t`Could not copy. Select the codes and copy them yourself.` });
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${t`Tahaleel recovery codes`}\n\n${text}\n`], { type: 'text/plain' }));
    link.download = 'tahaleel-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap="4" data-testid="recovery-codes">
      <Text fontWeight="semibold">{t`Save your recovery codes`}</Text>
      <Text color="fg.muted" fontSize="sm">
        {t`If you lose your phone, each of these codes lets you sign in once instead of a code from your app. They are shown only now: keep them somewhere safe.`}
      </Text>
      <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
        <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" dir="ltr" fontFamily="mono">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </SimpleGrid>
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t`Copy`}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden />
          {t`Download`}
        </Button>
        <Button colorPalette="brand" size="sm" onClick={onDone}>
          {t`I have saved them`}
        </Button>
      </HStack>
    </Stack>
  );
}

import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A figure on a phone's card, where a table would have a column: its name above it. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

import { Box, type BoxProps } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A part of the analysis the reader opens when they want it: the browser's own disclosure
 * (`<details>`), keyboard- and screen-reader-ready with no script, its marker turning as it opens.
 */
export function Fold({ summary, children, ...props }: { summary: ReactNode; children: ReactNode } & Omit<BoxProps, 'children'>) {
  return (
    <Box as="details" css={{ '&[open] > summary svg': { transform: 'rotate(180deg)' } }} {...props}>
      <Box
        as="summary"
        display="flex"
        alignItems="center"
        gap="2"
        width="fit-content"
        color="brand.fg"
        fontWeight="semibold"
        cursor="pointer"
        listStyleType="none"
        css={{ '&::-webkit-details-marker': { display: 'none' } }}
        rounded="l1"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        {summary}
        <ChevronDown size={16} aria-hidden style={{ transition: 'transform 0.15s' }} />
      </Box>
      {children}
    </Box>
  );
}

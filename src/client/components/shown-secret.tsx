import { Box } from '@chakra-ui/react';

/**
 * A secret shown this once (a lab's API key, a share link): left to right in either language, in a
 * box that selects whole at one click and breaks anywhere rather than overflow a phone's width.
 */
export function ShownSecret({ children, testId }: { children: string | undefined; testId: string }) {
  return (
    <Box
      dir="ltr"
      textAlign="start"
      fontFamily="mono"
      fontSize="sm"
      bg="bg.subtle"
      borderWidth="1px"
      rounded="l2"
      p="3"
      wordBreak="break-all"
      userSelect="all"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

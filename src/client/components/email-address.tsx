import { chakra } from '@chakra-ui/react';

/**
 * An e-mail address inside a sentence: left to right in Arabic text too, and kept on one line when
 * it fits (a break at its hyphen would show the parts in the wrong order in a right-to-left line).
 */
export function EmailAddress({ children }: { children: string }) {
  return (
    <chakra.bdi dir="ltr" display="inline-block" maxWidth="full" wordBreak="break-all">
      {children}
    </chakra.bdi>
  );
}

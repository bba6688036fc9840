import { Table } from '@chakra-ui/react';

/**
 * The box a table scrolls in when it is wider (a phone) or taller than its place: a region named for
 * its table that the keyboard can reach, so that a keyboard alone can scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Every table that scrolls sits in one.
 */
export function TableScrollArea({ label, ...props }: Table.ScrollAreaProps & { label: string }) {
  return (
    <Table.ScrollArea
      tabIndex={0}
      role="region"
      aria-label={label}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      {...props}
    />
  );
}

import { Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/**
 * The box a table scrolls in when it is wider (a phone) or taller than its place: a region the keyboard
 * can reach, so that a keyboard alone can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 * Named "<label> table", never the section's own name: a dashboard's section is a region named
 * "Audit log" already. Every table that scrolls sits in one.
 */
export function TableScrollArea({ label, ...props }: Table.ScrollAreaProps & { label: string }) {
  const { t } = useLingui();
  return (
    <Table.ScrollArea
      tabIndex={0}
      role="region"
      aria-label={t`${label} table`}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      {...props}
    />
  );
}

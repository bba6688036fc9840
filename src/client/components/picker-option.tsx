import { Button } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One choice a picker offers in its list (a catalogue test for a package, a lab or a test for a promo
 * code): a full-width button that adds it, its text wrapping on a narrow screen.
 */
export function PickerOption({
  onPick,
  disabled,
  testId,
  children,
}: {
  onPick: () => void;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      width="full"
      justifyContent="start"
      height="auto"
      py="2"
      whiteSpace="normal"
      textAlign="start"
      fontWeight="normal"
      disabled={disabled}
      data-testid={testId}
      onClick={onPick}
    >
      <Plus aria-hidden />
      {children}
    </Button>
  );
}

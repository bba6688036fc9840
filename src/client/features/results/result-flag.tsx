import { Badge } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronsDown, ChevronsUp, CircleAlert, CircleCheck, CircleMinus, type LucideIcon } from 'lucide-react';
import type { ResultFlag } from '../../../shared/result-values.ts';

/** A value's flag; null when there was no range to judge it by. */
export type ShownFlag = ResultFlag | null;

const labels: Record<ResultFlag | 'none', MessageDescriptor> = {
  LL: msg`Critically low`,
  L: msg`Low`,
  N: msg`Normal`,
  H: msg`High`,
  HH: msg`Critically high`,
  A: msg`Abnormal`,
  none: msg`No range`,
};

const looks: Record<ResultFlag | 'none', { icon: LucideIcon; palette: string; variant: 'solid' | 'subtle' | 'outline' }> = {
  LL: { icon: ChevronsDown, palette: 'red', variant: 'solid' },
  L: { icon: ArrowDown, palette: 'orange', variant: 'subtle' },
  N: { icon: CircleCheck, palette: 'green', variant: 'subtle' },
  H: { icon: ArrowUp, palette: 'orange', variant: 'subtle' },
  HH: { icon: ChevronsUp, palette: 'red', variant: 'solid' },
  A: { icon: CircleAlert, palette: 'orange', variant: 'subtle' },
  none: { icon: CircleMinus, palette: 'gray', variant: 'outline' },
};

/** A flag in words, in the reader's language ("Critically high", "No range"), for a badge, a table cell or a chart's label. */
export function flagLabel(i18n: I18n, flag: ShownFlag): string {
  return i18n._(labels[flag ?? 'none']);
}

/**
 * A value's flag as every reader of results sees it (the lab's form, the patient's report, a doctor's
 * shared page): words, an icon and a colour, never the colour alone; critical flags are solid red.
 */
export function ResultFlagBadge({ flag }: { flag: ShownFlag }) {
  const { i18n } = useLingui();
  const { icon: Icon, palette, variant } = looks[flag ?? 'none'];
  return (
    <Badge colorPalette={palette} variant={variant} gap="1" data-testid="result-flag" data-flag={flag ?? 'none'}>
      <Icon size={12} aria-hidden />
      {flagLabel(i18n, flag)}
    </Badge>
  );
}

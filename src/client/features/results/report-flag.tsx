import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronsDown, ChevronsUp, CircleAlert, CircleCheck, CircleDashed, type LucideIcon } from 'lucide-react';
import type { ResultFlag } from '../../../shared/result-values.ts';

/**
 * A value's flag in words, with an icon and a colour that say the same (never the colour alone).
 * Null is a value with no range to judge it by. The lab's form has its own badge with these words
 * (result-flag.tsx); the two are to become one.
 */

const FLAG_LABELS: Record<ResultFlag | 'none', MessageDescriptor> = {
  LL: msg`Critically low`,
  L: msg`Low`,
  N: msg`Normal`,
  H: msg`High`,
  HH: msg`Critically high`,
  A: msg`Abnormal`,
  none: msg`No range`,
};

export const reportFlagLabel = (flag: ResultFlag | null): MessageDescriptor => FLAG_LABELS[flag ?? 'none'];

interface FlagLook {
  icon: LucideIcon;
  palette: 'green' | 'orange' | 'red' | 'gray';
  variant: 'subtle' | 'solid' | 'outline';
}

const FLAG_LOOKS: Record<ResultFlag | 'none', FlagLook> = {
  LL: { icon: ChevronsDown, palette: 'red', variant: 'solid' },
  L: { icon: ArrowDown, palette: 'orange', variant: 'subtle' },
  N: { icon: CircleCheck, palette: 'green', variant: 'subtle' },
  H: { icon: ArrowUp, palette: 'orange', variant: 'subtle' },
  HH: { icon: ChevronsUp, palette: 'red', variant: 'solid' },
  A: { icon: CircleAlert, palette: 'orange', variant: 'subtle' },
  none: { icon: CircleDashed, palette: 'gray', variant: 'outline' },
};

export function ReportFlagBadge({ flag }: { flag: ResultFlag | null }) {
  const { i18n } = useLingui();
  const look = FLAG_LOOKS[flag ?? 'none'];
  const Icon = look.icon;
  return (
    <Badge colorPalette={look.palette} variant={look.variant} size="md" gap="1" data-testid="result-flag" data-flag={flag ?? 'none'}>
      <Icon size={14} aria-hidden />
      {i18n._(reportFlagLabel(flag))}
    </Badge>
  );
}

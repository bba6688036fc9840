import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CalendarClock, Info, type LucideIcon, MessageCircleWarning, TriangleAlert } from 'lucide-react';
import type { Finding } from './analysis-types.ts';

type Severity = Finding['severity'];

const words: Record<Severity, MessageDescriptor> = {
  info: msg`Worth knowing`,
  discuss: msg`Discuss with your doctor`,
  soon: msg`See a doctor soon`,
  urgent: msg`Act today`,
};

const looks: Record<Severity, { icon: LucideIcon; palette: string }> = {
  info: { icon: Info, palette: 'blue' },
  discuss: { icon: MessageCircleWarning, palette: 'orange' },
  soon: { icon: CalendarClock, palette: 'red' },
  urgent: { icon: TriangleAlert, palette: 'red' },
};

/** How strongly a finding asks the reader to act: words, an icon and a colour, never the colour alone. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { i18n } = useLingui();
  const { icon: Icon, palette } = looks[severity];
  return (
    <Badge
      colorPalette={palette}
      variant={severity === 'urgent' ? 'solid' : 'subtle'}
      gap="1"
      data-testid="finding-severity"
      data-severity={severity}
    >
      <Icon size={12} aria-hidden />
      {i18n._(words[severity])}
    </Badge>
  );
}

import { Breadcrumb } from '@chakra-ui/react';
import { ChevronRight } from 'lucide-react';
import { DirectionalIcon } from './ui/directional-icon.tsx';

/** The mark between a breadcrumb's steps: it points the way the line reads, so to the left in Arabic. */
export function BreadcrumbSeparator() {
  return (
    <Breadcrumb.Separator>
      <DirectionalIcon asChild aria-hidden data-testid="breadcrumb-separator">
        <ChevronRight />
      </DirectionalIcon>
    </Breadcrumb.Separator>
  );
}

import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, X } from 'lucide-react';

export type ReviewDecision = 'approve' | 'reject';

/**
 * The admin's Approve and Reject buttons for one lab or test request, named after it for screen
 * readers. Without `onApprove` only Reject shows (an approved lab can still be rejected). While a
 * decision is being sent both are disabled and the chosen one spins.
 */
export function ReviewButtons({
  name,
  pending,
  onApprove,
  onReject,
}: {
  name: string;
  pending: ReviewDecision | null;
  onApprove?: () => void;
  onReject: () => void;
}) {
  const { t } = useLingui();
  return (
    <HStack gap="2" align="start" flexShrink={0}>
      {onApprove && (
        <Button
          size="sm"
          colorPalette="green"
          disabled={pending !== null}
          loading={pending === 'approve'}
          onClick={onApprove}
          aria-label={t`Approve ${name}`}
        >
          <Check aria-hidden />
          {t`Approve`}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        disabled={pending !== null}
        loading={pending === 'reject'}
        onClick={onReject}
        aria-label={t`Reject ${name}`}
      >
        <X aria-hidden />
        {t`Reject`}
      </Button>
    </HStack>
  );
}

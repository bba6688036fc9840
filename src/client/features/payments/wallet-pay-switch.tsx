import { HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { sarToHalalas } from '../../../shared/money.ts';
import { registerDetailedMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

const walletChanged = msg`Your wallet balance changed while you paid: nothing was booked and any card payment is refunded.`;
// The checkouts' fuller sentence; elsewhere the code's short one.
registerDetailedMessage('WALLET_BALANCE_CHANGED', (i18n) => i18n._(walletChanged));

/**
 * What the customer's wallet pays of a checkout's total when they choose to pay from it (ADR 0093): its
 * balance, up to the whole total; nothing when they do not, or have none. The server decides again
 * when it is paid, from the balance then.
 */
export function useWalletPart(totalHalalas: number, chosen: boolean, enabled: boolean) {
  const balance = useQuery({ ...trpc.wallet.balance.queryOptions(), enabled });
  const balanceHalalas = sarToHalalas(balance.data?.balance ?? 0);
  const walletHalalas = chosen && enabled ? Math.min(balanceHalalas, totalHalalas) : 0;
  return { balanceHalalas, walletHalalas, cardHalalas: totalHalalas - walletHalalas };
}

/** "Pay with my wallet balance" and the balance, formatted; nothing without a balance (null). */
export function WalletPaySwitch(props: {
  balance: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  if (props.balance === null) return null;
  return (
    <Switch.Root
      colorPalette="brand"
      checked={props.checked}
      disabled={props.disabled}
      onCheckedChange={(event) => props.onChange(event.checked)}
      data-testid="pay-with-wallet"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>
        <HStack gap="2" align="start">
          <Wallet size={18} aria-hidden />
          <Stack gap="0">
            <Text>{t`Pay with my wallet balance`}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t`Balance:`} <bdi data-testid="wallet-balance">{props.balance}</bdi>
            </Text>
          </Stack>
        </HStack>
      </Switch.Label>
    </Switch.Root>
  );
}

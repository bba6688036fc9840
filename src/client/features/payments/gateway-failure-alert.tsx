import { Alert } from '@chakra-ui/react';
import type { GatewayFailure } from './use-gateway-payment.ts';

/** Why the gateway did not take a card or payment: what happened, then why and what to do, in the reader's language. */
export function GatewayFailureAlert({ failure }: { failure: GatewayFailure }) {
  return (
    <Alert.Root status="error" role="alert" data-testid="gateway-failure">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failure.title}</Alert.Title>
        {failure.detail && <Alert.Description>{failure.detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

import { Alert } from '@chakra-ui/react';
import type { GatewayFailure } from './use-gateway-payment.ts';

/** Why the gateway did not take a card or payment: our words, then the bank's own (in English, left to right). */
export function GatewayFailureAlert({ failure }: { failure: GatewayFailure }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failure.title}</Alert.Title>
        {failure.detail && (
          <Alert.Description>
            <bdi dir="ltr">{failure.detail}</bdi>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

import { List, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { Citation } from './analysis-types.ts';

/**
 * Where a finding came from: its rule (when it has one), then each published source on a line of its
 * own (a citation is Latin text: on its own line it cannot reorder an Arabic sentence), linked where it
 * has an address.
 */
export function SourcesLine({ sources, rule }: { sources: readonly Citation[]; rule?: string }) {
  if (sources.length === 0) return null;
  return (
    <Stack gap="0.5" fontSize="xs" color="fg.muted" data-testid="finding-source">
      <Text>
        {rule ? (
          <Trans>
            Rule <bdi dir="ltr">{rule}</bdi>. Sources:
          </Trans>
        ) : (
          <Trans>Sources:</Trans>
        )}
      </Text>
      <List.Root as="ul" ps="4" gap="0.5">
        {sources.map((source) => (
          <List.Item key={source.id}>
            <bdi dir="ltr">
              {'url' in source && source.url ? (
                <a href={source.url} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                  {source.name}
                </a>
              ) : (
                source.name
              )}
            </bdi>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

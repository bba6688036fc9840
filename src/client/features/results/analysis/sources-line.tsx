import { Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { Citation } from './analysis-types.ts';

/** Where a finding came from: its rule (when it has one) and each published source, linked where it has an address. */
export function SourcesLine({ sources, rule }: { sources: readonly Citation[]; rule?: string }) {
  if (sources.length === 0) return null;
  const cited = sources.map((source, index) => (
    <span key={source.id}>
      {index > 0 && '; '}
      {'url' in source && source.url ? (
        <Link href={source.url} target="_blank" rel="noreferrer" textDecoration="underline">
          <bdi dir="ltr">{source.name}</bdi>
        </Link>
      ) : (
        <bdi dir="ltr">{source.name}</bdi>
      )}
    </span>
  ));
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="finding-source">
      {rule ? (
        <Trans>
          Rule <bdi dir="ltr">{rule}</bdi> · Source: {cited}
        </Trans>
      ) : (
        <Trans>Source: {cited}</Trans>
      )}
    </Text>
  );
}

import { Box, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck } from 'lucide-react';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

type Interpretation = NonNullable<RouterOutputs['results']['report']['interpretation']>;

/**
 * The interpretive comment a Premium lab's specialist wrote and signed on this report (issue #54):
 * their words, their name and licence number, and the day they signed it.
 */
export function SignedComment({ comment, timeZone }: { comment: Interpretation; timeZone: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const name = comment.specialist.name;
  const licence = comment.specialist.licence;
  const signedOn = comment.signedAt ? formatDate(new Date(comment.signedAt), locale, timeZone) : '';
  return (
    <Box
      as="section"
      borderWidth="1px"
      borderColor="border.emphasized"
      rounded="md"
      p={{ base: '3', md: '4' }}
      data-testid="signed-comment"
    >
      <HStack gap="2" align="start" mb="2">
        <BadgeCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fontWeight="semibold">{t`Interpretive comment from the lab's specialist`}</Text>
      </HStack>
      <Text fontSize="sm" whiteSpace="pre-wrap">
        {/* Its values and units ("120 10³/µL") each kept left to right inside Arabic words (issue #77 item 12). */}
        <bdi>{isolateLatinRuns(comment.text)}</bdi>
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="2" data-testid="signed-comment-signature">
        <Trans>
          Signed by <bdi>{name}</bdi> (licence no. <bdi dir="ltr">{licence}</bdi>) on {signedOn}
        </Trans>
      </Text>
    </Box>
  );
}

import { Box, type BoxProps, Center, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/**
 * A store picture on a light tile (the SVGs are drawn for one), or 'No Image' when there is none.
 * Pictures load as they scroll into view, except an `eager` one, which may be on the first screen: it
 * is fetched at once, and the browser raises its priority if it is on screen. A `priority` one is on
 * the first screen at every width: it is fetched ahead of the rest.
 */
export function StoreImage({
  src,
  alt,
  compact = false,
  priority = false,
  eager = priority,
  ...box
}: { src: string | null | undefined; alt: string; compact?: boolean; priority?: boolean; eager?: boolean } & BoxProps) {
  const { t } = useLingui();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  return (
    <Box bg="gray.50" _dark={{ bg: 'gray.100' }} overflow="hidden" {...box}>
      {usable ? (
        <Image
          src={usable}
          alt={alt}
          width="full"
          height="full"
          objectFit="contain"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed(usable)}
        />
      ) : (
        <Center height="full" color="gray.700" data-testid="no-image">
          <Stack align="center" gap="1">
            <ImageOff aria-hidden size={compact ? 18 : 36} />
            {!compact && <Text fontSize="sm">{t`No Image`}</Text>}
          </Stack>
        </Center>
      )}
    </Box>
  );
}

import { Box, type BoxProps, Center, Image, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/**
 * A store picture on a light tile (the SVGs are drawn for one), or 'No Image' when there is none.
 * Pictures load as they scroll into view, except a `priority` one: the first screen's, fetched at once.
 */
export function StoreImage({
  src,
  alt,
  compact = false,
  priority = false,
  ...box
}: { src: string | null | undefined; alt: string; compact?: boolean; priority?: boolean } & BoxProps) {
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
          loading={priority ? 'eager' : 'lazy'}
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

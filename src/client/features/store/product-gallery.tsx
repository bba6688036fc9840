import { Box, Button, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { StoreImage } from '../../components/store/store-image.tsx';

// Arrows point the way they move in reading order: mirrored in right-to-left.
const mirrorInRtl = { _rtl: { transform: 'scaleX(-1)' } } as const;

/**
 * Previous and next wrap at both ends; dots and thumbnails only with several pictures. `focusUrl`
 * is the chosen variant's picture: shown from the gallery when it is there, on its own otherwise.
 */
export function ProductGallery({ images, title, focusUrl }: { images: { url: string }[]; title: string; focusUrl: string | null }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [override, setOverride] = useState<string | null>(null);
  const count = images.length;

  useEffect(() => {
    if (!focusUrl) return;
    const at = images.findIndex((image) => image.url === focusUrl);
    if (at >= 0) {
      setIndex(at);
      setOverride(null);
    } else {
      setOverride(focusUrl);
    }
  }, [focusUrl, images]);

  const go = (next: number) => {
    setOverride(null);
    setIndex(((next % count) + count) % count);
  };
  const current = override ?? images[index]?.url ?? null;
  const several = count > 1;

  return (
    <Stack gap="3" data-testid="product-gallery">
      <Box position="relative">
        <StoreImage src={current} alt={title} aspectRatio="1" rounded="xl" priority />
        {several && (
          <>
            <IconButton
              position="absolute"
              top="50%"
              insetStart="3"
              transform="translateY(-50%)"
              rounded="full"
              variant="solid"
              colorPalette="gray"
              aria-label={t`Previous image`}
              onClick={() => go(index - 1)}
            >
              <Box as="span" display="inline-flex" {...mirrorInRtl}>
                <ChevronLeft />
              </Box>
            </IconButton>
            <IconButton
              position="absolute"
              top="50%"
              insetEnd="3"
              transform="translateY(-50%)"
              rounded="full"
              variant="solid"
              colorPalette="gray"
              aria-label={t`Next image`}
              onClick={() => go(index + 1)}
            >
              <Box as="span" display="inline-flex" {...mirrorInRtl}>
                <ChevronRight />
              </Box>
            </IconButton>
          </>
        )}
      </Box>
      {several && (
        <>
          <HStack justify="center" gap="2" aria-label={t`Choose an image`} role="group">
            {images.map((image, at) => {
              const position = at + 1;
              return (
                <Box
                  as="button"
                  key={image.url}
                  boxSize="2.5"
                  rounded="full"
                  bg={!override && at === index ? 'brand.solid' : 'border.emphasized'}
                  aria-label={t`Image ${position} of ${count}`}
                  aria-current={!override && at === index ? 'true' : undefined}
                  onClick={() => go(at)}
                  cursor="pointer"
                />
              );
            })}
          </HStack>
          <HStack gap="2" overflowX="auto" pb="1">
            {images.map((image, at) => (
              <Button
                key={image.url}
                variant="outline"
                p="0"
                height="auto"
                rounded="lg"
                overflow="hidden"
                borderWidth="2px"
                borderColor={!override && at === index ? 'brand.solid' : 'border'}
                onClick={() => go(at)}
                aria-hidden
                tabIndex={-1}
                flexShrink={0}
              >
                <StoreImage src={image.url} alt="" boxSize="16" />
              </Button>
            ))}
          </HStack>
        </>
      )}
    </Stack>
  );
}

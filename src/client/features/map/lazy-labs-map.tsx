import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LabsMapProps } from './labs-map.tsx';

export type { MapPin } from './labs-map.tsx';

const LabsMap = lazy(() => import('./labs-map.tsx'));

/**
 * The labs map, fetched (Leaflet and its styles) only once its place on the page comes into view, so
 * pages that show a map further down pay nothing for it on their first load. The place keeps its
 * height meanwhile: nothing moves when the map arrives.
 */
export function LazyLabsMap(props: LabsMapProps) {
  const place = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || shown) return;
    const watcher = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    watcher.observe(element);
    return () => watcher.disconnect();
  }, [shown]);
  const placeholder = <Box height={props.height} width="full" rounded="lg" borderWidth="1px" bg="bg.muted" />;
  return (
    <Box ref={place}>
      {shown ? (
        <Suspense fallback={placeholder}>
          <LabsMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}

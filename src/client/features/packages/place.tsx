import { Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LocateFixed, MapPin } from 'lucide-react';
import { distanceMeters } from '../../../shared/home-collection.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { useCurrentPosition } from '../../lib/use-current-position.ts';

// Where the person is, as search has it (issue #79 items 2 and 3): `lat` and `lon` in the address
// (place-params.ts), from the search box's "use my current location" or the button below; distances are
// then measured from there.

export interface Place {
  lat: number;
  lon: number;
}

export const placeOf = (search: { lat?: number; lon?: number }): Place | null =>
  search.lat !== undefined && search.lon !== undefined ? { lat: search.lat, lon: search.lon } : null;

/** How far the lab is from the place, in km, on the sphere search measures on; null without either position. */
export function kmFrom(place: Place | null, lab: { latitude: number | null; longitude: number | null }): number | null {
  if (!place || lab.latitude === null || lab.longitude === null) return null;
  return distanceMeters({ latitude: place.lat, longitude: place.lon }, { latitude: lab.latitude, longitude: lab.longitude }) / 1000;
}

/** "3.2 km away", or a dash when the distance is not known. */
export function Distance({ km }: { km: number | null }) {
  const { t } = useLingui();
  const locale = activeLocale();
  if (km === null) return <>—</>;
  const shown = formatNumber(km, locale, 1);
  return (
    <HStack as="span" gap="1" display="inline-flex">
      <MapPin size={12} aria-hidden />
      {t`${shown} km away`}
    </HStack>
  );
}

/** With a place: that distances are measured from it. Without one: a button that asks the browser (graceful when it cannot). */
export function PlaceNote({ place, onPlace }: { place: Place | null; onPlace: (place: Place) => void }) {
  const { t } = useLingui();
  const { locating, locate } = useCurrentPosition((position) => onPlace({ lat: position.latitude, lon: position.longitude }));
  if (place) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="place-note">
        {t`Distances are from your location.`}
      </Text>
    );
  }
  return (
    <HStack gap="3" wrap="wrap" data-testid="place-note">
      <Button size="sm" variant="outline" loading={locating} onClick={locate}>
        <LocateFixed aria-hidden />
        {t`Show distances from my location`}
      </Button>
    </HStack>
  );
}

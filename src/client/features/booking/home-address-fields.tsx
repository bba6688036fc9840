import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { distanceMeters } from '../../../shared/home-collection.ts';
import { formatNumber } from '../../lib/format.ts';
import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';
import { activeLocale } from '../../lib/locale.ts';
import { isNumber, isString, orNull, shape } from '../../lib/plain-checks.ts';
import { LazyLabsMap } from '../map/lazy-labs-map.tsx';

/** Where the sample is to be taken: the address as the patient writes it, and its point on the map. */
export interface HomeAddress {
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** The address used last, offered again on the next home booking (on this device only). */
export const lastHomeAddress = createLocalStore<HomeAddress>(
  'tahaleel.homeAddress',
  { address: '', latitude: null, longitude: null },
  shape<HomeAddress>({ address: isString, latitude: orNull(isNumber), longitude: orNull(isNumber) }),
);

export const HOME_ADDRESS_MIN = 5;

export interface HomeServiceArea {
  labName: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** What a home visit still lacks: the address written out, the home placed on the map, or a point within the lab's area. */
export function homeAddressMissing(home: HomeAddress, area: HomeServiceArea): 'address' | 'location' | 'outside' | null {
  if (home.address.trim().length < HOME_ADDRESS_MIN) return 'address';
  if (home.latitude === null || home.longitude === null) return 'location';
  return distanceMeters(area, { latitude: home.latitude, longitude: home.longitude }) <= area.radiusKm * 1000 ? null : 'outside';
}

/** Whether the address is complete and its point within the lab's area: what booking at home needs. */
export function homeAddressReady(home: HomeAddress, area: HomeServiceArea): home is HomeAddress & { latitude: number; longitude: number } {
  return homeAddressMissing(home, area) === null;
}

/**
 * The home address of a home collection: written out for the person who comes, and placed on the map
 * (the browser's position, or a tap on the map) so it can be checked against the lab's service radius
 * before anything is held. The server checks the same radius again.
 */
export function HomeAddressFields({
  area,
  value,
  onChange,
}: {
  area: HomeServiceArea;
  value: HomeAddress;
  onChange: (next: HomeAddress) => void;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  const stored = useLocalStore(lastHomeAddress);
  const point = value.latitude !== null && value.longitude !== null ? { latitude: value.latitude, longitude: value.longitude } : null;
  const km = point ? distanceMeters(area, point) / 1000 : null;
  const inside = km !== null && km <= area.radiusKm;

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocateFailed(true);
      return;
    }
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({ ...value, latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const radius = formatNumber(area.radiusKm, locale);
  return (
    <Stack gap="3" data-testid="home-address">
      <Field.Root required invalid={value.address.length > 0 && value.address.trim().length < HOME_ADDRESS_MIN}>
        <Field.Label>
          {t`Home address`} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={value.address}
          onChange={(event) => onChange({ ...value, address: event.currentTarget.value })}
          maxLength={300}
          rows={2}
          width="full"
          bg="bg"
          autoComplete="street-address"
          data-testid="home-address-text"
        />
        <Field.HelperText>{t`District, street, building and anything that helps find the door.`}</Field.HelperText>
        <Field.ErrorText>{t`Write the address in a few more words.`}</Field.ErrorText>
      </Field.Root>
      {stored.address && stored.address !== value.address && (
        <Button size="xs" variant="ghost" alignSelf="start" onClick={() => onChange(stored)} data-testid="home-address-last">
          {t`Use my last address: ${stored.address}`}
        </Button>
      )}
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={locate} loading={locating} data-testid="home-locate">
          <LocateFixed aria-hidden />
          {t`Use my current location`}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t`or tap your home on the map.`}
        </Text>
      </HStack>
      {locateFailed && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t`We could not read your location. Tap your home on the map instead.`}
        </Text>
      )}
      <LazyLabsMap
        label={t`The area ${area.labName} visits for home collection`}
        height="260px"
        pins={[{ id: 'lab', latitude: area.latitude, longitude: area.longitude, title: area.labName }]}
        area={area}
        pick={{ value: point, onChange: (next) => onChange({ ...value, ...next }) }}
      />
      {km === null ? (
        <Text fontSize="sm" color="fg.muted">
          {t`The lab visits homes within ${radius} km of it.`}
        </Text>
      ) : inside ? (
        <HStack gap="1" fontSize="sm" color="fg.success" role="status" data-testid="home-inside">
          <CircleCheck size={16} aria-hidden />
          <Text>{t`Your home is within the area the lab visits (${formatNumber(km, locale, 1)} km away).`}</Text>
        </HStack>
      ) : (
        <HStack gap="1" fontSize="sm" color="fg.error" role="alert" data-testid="home-outside">
          <CircleAlert size={16} aria-hidden />
          <Text>{t`This point is outside the area the lab visits (within ${radius} km). Choose another lab or a visit to the lab.`}</Text>
        </HStack>
      )}
    </Stack>
  );
}

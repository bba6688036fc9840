import { Button, Group, IconButton, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { LocateFixed, MapPin, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { useCurrentPosition } from '../../lib/use-current-position.ts';

interface Coordinates {
  lat: number;
  lon: number;
}

interface Props {
  initialQuery?: string;
  initialLocation?: string;
  initialCoordinates?: Coordinates | null;
}

export function HeroSearch({ initialQuery = '', initialLocation = '', initialCoordinates = null }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(initialCoordinates);
  const [location, setLocation] = useState(initialCoordinates ? t`My current location` : initialLocation);
  const { locating, locate } = useCurrentPosition((position) => {
    setCoordinates({ lat: position.latitude, lon: position.longitude });
    setLocation(t`My current location`);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) {
      notify.warning({ title: t`Please enter a search term` });
      return;
    }
    const where = coordinates ? coordinates : location.trim() ? { location: location.trim() } : {};
    void navigate({ to: '/search', search: { query: trimmed, ...where } });
  };

  return (
    <Stack as="form" onSubmit={submit} width="full" maxW="3xl" direction={{ base: 'column', md: 'row' }} gap="3" role="search">
      <InputGroup flex="3" startElement={<Search size={18} aria-hidden />}>
        <Input
          size="lg"
          bg="bg"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t`Search for a test, e.g. Vitamin D`}
          aria-label={t`Test name`}
        />
      </InputGroup>
      <Group flex="2" attached>
        <InputGroup startElement={<MapPin size={18} aria-hidden />}>
          <Input
            size="lg"
            bg="bg"
            value={location}
            onChange={(event) => {
              setLocation(event.target.value);
              setCoordinates(null);
            }}
            placeholder={t`City or district`}
            aria-label={t`Location`}
          />
        </InputGroup>
        <IconButton size="lg" variant="outline" bg="bg" onClick={locate} loading={locating} aria-label={t`Use my current location`}>
          <LocateFixed />
        </IconButton>
      </Group>
      <Button type="submit" size="lg" colorPalette="brand">
        {t`Search`}
      </Button>
    </Stack>
  );
}

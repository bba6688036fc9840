import 'leaflet/dist/leaflet.css';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

export interface MapPin {
  id: string;
  latitude: number;
  longitude: number;
  /** The lab's name, in the page's language. */
  title: string;
  /** Its address, under the name in the pin's popup. */
  detail?: string;
}

export interface LabsMapProps {
  pins: readonly MapPin[];
  /** The visitor's position, when they shared it. */
  here?: { lat: number; lon: number } | null;
  /** What the map shows, for screen readers (the list view says the same in words). */
  label: string;
  height: string;
  /** A pin's popup link was followed (the page moves there without a reload). */
  onOpen?: (pin: MapPin) => void;
  /** An area to shade: a lab's home collection radius around it. */
  area?: { latitude: number; longitude: number; radiusKm: number } | null;
  /** A point the user places by tapping the map or dragging its marker: their home. */
  pick?: { value: { latitude: number; longitude: number } | null; onChange: (point: { latitude: number; longitude: number }) => void };
}

/** The brand's map pin, drawn (no image files to fetch), its point at the lab. */
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="36" viewBox="0 0 28 36" aria-hidden="true">' +
  '<path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 36 14 36s14-11.7 14-22.1C28 6.2 21.7 0 14 0z" fill="var(--chakra-colors-brand-solid, #0f766e)"/>' +
  '<circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>';

/** The user's home, placed by them: the same pin in blue with a house's roof. */
const HOME_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="36" viewBox="0 0 28 36" aria-hidden="true">' +
  '<path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 36 14 36s14-11.7 14-22.1C28 6.2 21.7 0 14 0z" fill="#2563eb"/>' +
  '<path d="M14 7l-7 6v7h5v-4h4v4h5v-7z" fill="#fff"/></svg>';

const homeIcon = () =>
  L.divIcon({ className: 'labs-map-pin', html: HOME_SVG, iconSize: [28, 36], iconAnchor: [14, 36], popupAnchor: [0, -32] });

const pinIcon = () =>
  L.divIcon({ className: 'labs-map-pin', html: PIN_SVG, iconSize: [28, 36], iconAnchor: [14, 36], popupAnchor: [0, -32] });

/** A popup's content as elements (never HTML from data): the name as a link, and the address. */
function popupContent(pin: MapPin, onOpen: () => LabsMapProps['onOpen']): HTMLElement {
  const box = document.createElement('div');
  box.dir = 'auto';
  const link = document.createElement('a');
  link.href = `/labs/${encodeURIComponent(pin.id)}`;
  link.textContent = pin.title;
  link.style.fontWeight = '600';
  link.addEventListener('click', (event) => {
    const open = onOpen();
    if (!open || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    open(pin);
  });
  box.append(link);
  if (pin.detail) {
    const detail = document.createElement('div');
    detail.textContent = pin.detail;
    detail.style.marginTop = '4px';
    box.append(detail);
  }
  return box;
}

/**
 * Labs on a map (Leaflet, docs/decisions/0030): a pin per lab, the visitor's position when known, and
 * the tiles the operator configured (MAP_TILES_URL). Loaded only when a map is shown.
 */
export default function LabsMap({ pins, here, label, height, onOpen, area, pick }: LabsMapProps) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const tiles = useQuery({ ...trpc.catalog.mapTiles.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const rtl = activeLocale() === 'ar';
  const zoomIn = t`Zoom in`;
  const zoomOut = t`Zoom out`;
  const youAreHere = t`You are here`;
  // The map is drawn again only when what it shows changes, not on every render of its page.
  const shown = JSON.stringify({ pins, here: here ?? null, area: area ?? null });
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const drawn = useRef<L.Map | null>(null);
  const picked = useRef<L.Marker | null>(null);
  const picking = useRef(pick?.onChange);
  picking.current = pick?.onChange;
  const pickable = pick !== undefined;
  const yourHome = t`Your home`;
  const pickedPoint = useRef<{ latitude: number; longitude: number } | null>(null);
  /** Puts the home marker at the point (draggable), moves it there, or takes it away. */
  const placeHome = (map: L.Map, point: { latitude: number; longitude: number } | null) => {
    if (!point) {
      picked.current?.remove();
      picked.current = null;
      return;
    }
    if (picked.current) picked.current.setLatLng([point.latitude, point.longitude]);
    else {
      picked.current = L.marker([point.latitude, point.longitude], {
        icon: homeIcon(),
        draggable: true,
        title: yourHome,
        alt: yourHome,
        keyboard: true,
      })
        .on('dragend', (event) => {
          const at = (event.target as L.Marker).getLatLng();
          picking.current?.({ latitude: at.lat, longitude: at.lng });
        })
        .addTo(map);
    }
    if (!map.getBounds().contains([point.latitude, point.longitude])) map.panTo([point.latitude, point.longitude]);
  };
  const placeHomeRef = useRef(placeHome);
  placeHomeRef.current = placeHome;

  useEffect(() => {
    if (!container.current || !tiles.data) return;
    const { pins, here, area } = JSON.parse(shown) as { pins: MapPin[]; here: LabsMapProps['here']; area: LabsMapProps['area'] };
    const latestOnOpen = () => opened.current;
    const map = L.map(container.current, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
    // The controls sit where the page's reading starts: on the right in Arabic.
    L.control.zoom({ position: rtl ? 'topright' : 'topleft', zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    const credit = L.control.attribution({ position: rtl ? 'bottomleft' : 'bottomright', prefix: false }).addTo(map);
    credit.addAttribution(escapeHtml(tiles.data.attribution));
    L.tileLayer(tiles.data.url, { maxZoom: 19, subdomains: 'abc' }).addTo(map);

    const points: L.LatLngExpression[] = [];
    for (const pin of pins) {
      const marker = L.marker([pin.latitude, pin.longitude], {
        icon: pinIcon(),
        title: pin.title,
        alt: pin.title,
        keyboard: true,
        riseOnHover: true,
      });
      marker.bindPopup(popupContent(pin, latestOnOpen));
      marker.addTo(map);
      points.push([pin.latitude, pin.longitude]);
    }
    if (here) {
      L.circleMarker([here.lat, here.lon], { radius: 8, color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 })
        .bindTooltip(youAreHere)
        .addTo(map);
      points.push([here.lat, here.lon]);
    }
    if (area) {
      L.circle([area.latitude, area.longitude], {
        radius: area.radiusKm * 1000,
        color: '#0f766e',
        weight: 1,
        fillOpacity: 0.08,
        interactive: false,
      }).addTo(map);
      // The whole area in view (a circle's own bounds need the map's view first).
      const bounds = L.latLng(area.latitude, area.longitude).toBounds(area.radiusKm * 2000);
      points.push(bounds.getNorthEast(), bounds.getSouthWest());
    }
    if (pickable)
      map.on('click', (event: L.LeafletMouseEvent) => picking.current?.({ latitude: event.latlng.lat, longitude: event.latlng.lng }));
    drawn.current = map;
    const showAllPins = () => {
      if (points.length === 1) map.setView(points[0]!, 14);
      else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 14 });
      else map.setView([24.7136, 46.6753], 5); // the Kingdom, centred on Riyadh
    };
    showAllPins();
    // A phone turned on its side, a window resized: every pin stays in view.
    let size = `${container.current.clientWidth}x${container.current.clientHeight}`;
    const resized = new ResizeObserver(([entry]) => {
      const next = `${Math.round(entry?.contentRect.width ?? 0)}x${Math.round(entry?.contentRect.height ?? 0)}`;
      if (next === size) return;
      size = next;
      map.invalidateSize();
      showAllPins();
    });
    resized.observe(container.current);
    placeHomeRef.current(map, pickedPoint.current);
    return () => {
      resized.disconnect();
      drawn.current = null;
      picked.current = null;
      map.remove();
    };
  }, [tiles.data, shown, rtl, zoomIn, zoomOut, youAreHere, pickable]);

  // The picked point moves its marker without drawing the map again (its view stays where the user left it).
  const latitude = pick?.value?.latitude ?? null;
  const longitude = pick?.value?.longitude ?? null;
  pickedPoint.current = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  useEffect(() => {
    if (drawn.current) placeHomeRef.current(drawn.current, latitude !== null && longitude !== null ? { latitude, longitude } : null);
  }, [latitude, longitude]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      data-testid="labs-map"
      height={height}
      width="full"
      rounded="lg"
      overflow="hidden"
      borderWidth="1px"
      bg="bg.muted"
      // Leaflet lays its panes out left to right; the popups' own text keeps its direction.
      dir="ltr"
      css={{ '& .labs-map-pin': { background: 'none', border: 'none' }, zIndex: 0, position: 'relative' }}
    />
  );
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

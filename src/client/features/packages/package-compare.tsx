import { Badge, Box, Button, Card, Heading, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CalendarCheck, Check, Minus } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { Rating } from '../../components/rating.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { isolatedLtr, localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { Distance, kmFrom, type Place } from './place.tsx';

/**
 * The ids of a compare address (`?ids=1,2,3`): 2–4 distinct positive integers, in the order given, or
 * null when it is not that.
 */
export function compareIdsOf(raw: unknown): number[] | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  const parts = text.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) return null;
  const ids = parts.map(Number);
  if (ids.length < 2 || ids.length > 4 || new Set(ids).size !== ids.length) return null;
  return ids.every((id) => id <= 2_147_483_647) ? ids : null;
}

export type ComparedPackage = RouterOutputs['packages']['list'][number];
type Marker = ComparedPackage['marker_groups'][number]['markers'][number];

interface MarkerRow {
  marker: Marker;
  /** Which of the packages (by their place in the list) hold it. */
  holders: boolean[];
  /** Held by one package alone. */
  only: boolean;
}

interface GroupRows {
  categoryId: number;
  nameAr: string;
  nameEn: string;
  rows: MarkerRow[];
}

/** Every marker of the packages, grouped by category as a package's page groups them, each with who holds it. */
export function markerUnion(packages: readonly ComparedPackage[]): GroupRows[] {
  const groups = new Map<number, { nameAr: string; nameEn: string; markers: Map<number, Marker> }>();
  for (const pack of packages) {
    for (const group of pack.marker_groups) {
      let entry = groups.get(group.category_id);
      if (!entry) {
        entry = { nameAr: group.name_ar, nameEn: group.name_en, markers: new Map() };
        groups.set(group.category_id, entry);
      }
      for (const marker of group.markers) if (!entry.markers.has(marker.id)) entry.markers.set(marker.id, marker);
    }
  }
  const held = packages.map((pack) => new Set(pack.marker_groups.flatMap((group) => group.markers.map((marker) => marker.id))));
  return [...groups].map(([categoryId, group]) => ({
    categoryId,
    nameAr: group.nameAr,
    nameEn: group.nameEn,
    rows: [...group.markers.values()].map((marker) => {
      const holders = held.map((ids) => ids.has(marker.id));
      return { marker, holders, only: holders.filter(Boolean).length === 1 };
    }),
  }));
}

/** The price of one marker, to the halala. */
const perMarker = (pack: ComparedPackage) => (pack.marker_count > 0 ? Math.round((pack.price / pack.marker_count) * 100) / 100 : null);

function Fasting({ hours }: { hours: number | null }) {
  const { t } = useLingui();
  return <>{hours ? t`${plural(hours, { one: '# hour', other: '# hours' })}` : t`No fasting needed`}</>;
}

function Turnaround({ hours }: { hours: number | null }) {
  const { t } = useLingui();
  return <>{hours ? t`${plural(hours, { one: '# hour', other: '# hours' })}` : '—'}</>;
}

function Included({ yes }: { yes: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {yes ? (
        <Box as="span" color="green.fg" display="inline-flex" aria-hidden>
          <Check size={18} strokeWidth={3} />
        </Box>
      ) : (
        <Box as="span" color="fg.subtle" display="inline-flex" aria-hidden>
          <Minus size={18} />
        </Box>
      )}
      <VisuallyHidden>{yes ? t`included` : t`not included`}</VisuallyHidden>
    </>
  );
}

function OnlyHere() {
  const { t } = useLingui();
  return (
    <Badge size="sm" variant="subtle" colorPalette="orange">
      {t`only here`}
    </Badge>
  );
}

function MarkerName({ marker }: { marker: Marker }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="0">
      <Text>{localized(locale, marker.name_ar, marker.name_en)}</Text>
      {marker.loinc && (
        <Text fontSize="xs" color="fg.muted">
          {t`LOINC ${isolatedLtr(marker.loinc)}`}
        </Text>
      )}
    </Stack>
  );
}

/** To the package's page, where it is booked (its booking panel). */
function BookLink({ pack }: { pack: ComparedPackage }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const name = localized(locale, pack.name_ar, pack.name_en);
  return (
    <Button asChild size="xs" colorPalette="brand" alignSelf="start" data-testid="compare-book">
      <Link to="/package/$packageId" params={{ packageId: String(pack.id) }} aria-label={t`Book ${name}`}>
        <CalendarCheck aria-hidden />
        {t`Book`}
      </Link>
    </Button>
  );
}

function PackageName({ pack }: { pack: ComparedPackage }) {
  const locale = activeLocale();
  return (
    <Link to="/package/$packageId" params={{ packageId: String(pack.id) }}>
      <Text as="span" color="brand.fg" fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
        {localized(locale, pack.name_ar, pack.name_en)}
      </Text>
    </Link>
  );
}

/** The packages side by side (a desktop): their terms, then every marker a row, a column each. */
export function CompareTable({ packages, place }: { packages: readonly ComparedPackage[]; place: Place | null }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const groups = markerUnion(packages);
  const columns = packages.length + 1;
  const summary: { label: string; cell: (pack: ComparedPackage) => React.ReactNode }[] = [
    { label: t`Lab`, cell: (pack) => <bdi>{localized(locale, pack.lab.lab_name_ar, pack.lab.lab_name_en)}</bdi> },
    { label: t`Rating`, cell: (pack) => <Rating rating={pack.lab.rating} reviews={pack.lab.review_count} /> },
    { label: t`Distance`, cell: (pack) => <Distance km={kmFrom(place, pack.lab)} /> },
    { label: t`Price`, cell: (pack) => <Price value={pack.price} color="brand.fg" /> },
    {
      label: t`Price per marker`,
      cell: (pack) => {
        const value = perMarker(pack);
        return value === null ? '—' : <Price value={value} fontWeight="normal" />;
      },
    },
    { label: t`Markers`, cell: (pack) => pack.marker_count },
    { label: t`Fasting`, cell: (pack) => <Fasting hours={pack.fasting_hours} /> },
    { label: t`Results within`, cell: (pack) => <Turnaround hours={pack.turnaround_hours} /> },
  ];
  return (
    <TableScrollArea label={t`Package comparison`} borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="compare-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW="14rem">
              <VisuallyHidden>{t`Package`}</VisuallyHidden>
            </Table.ColumnHeader>
            {packages.map((pack) => (
              <Table.ColumnHeader key={pack.id} scope="col" minW="10rem" verticalAlign="top">
                <Stack gap="2">
                  <PackageName pack={pack} />
                  <BookLink pack={pack} />
                </Stack>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {summary.map((row) => (
            <Table.Row key={row.label}>
              <Table.Cell as="th" scope="row" fontWeight="semibold">
                {row.label}
              </Table.Cell>
              {packages.map((pack) => (
                <Table.Cell key={pack.id}>{row.cell(pack)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
          {groups.map((group) => (
            <GroupRowsOf key={group.categoryId} group={group} columns={columns} />
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

function GroupRowsOf({ group, columns }: { group: GroupRows; columns: number }) {
  const locale = activeLocale();
  return (
    <>
      <Table.Row bg="bg.muted">
        <Table.Cell as="th" scope="colgroup" colSpan={columns} pt="4">
          <Heading as="h2" size="sm">
            {localized(locale, group.nameAr, group.nameEn)}
          </Heading>
        </Table.Cell>
      </Table.Row>
      {group.rows.map(({ marker, holders, only }) => (
        <Table.Row key={marker.id} bg={only ? 'orange.subtle/60' : undefined} data-only-here={only || undefined}>
          <Table.Cell as="th" scope="row" fontWeight="normal">
            <MarkerName marker={marker} />
          </Table.Cell>
          {holders.map((yes, index) => (
            <Table.Cell key={index}>
              <HStack gap="2">
                <Included yes={yes} />
                {yes && only && <OnlyHere />}
              </HStack>
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}

/** The same on a phone, nothing scrolling sideways: a card per package, then a card per group of markers. */
export function CompareStacked({ packages, place }: { packages: readonly ComparedPackage[]; place: Place | null }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const groups = markerUnion(packages);
  const shortName = (pack: ComparedPackage) => localized(locale, pack.name_ar, pack.name_en);
  return (
    <Stack gap="4" data-testid="compare-stacked">
      {packages.map((pack) => {
        const value = perMarker(pack);
        return (
          <Card.Root key={pack.id} variant="outline" size="sm">
            <Card.Body>
              <Stack gap="2">
                <Heading as="h2" size="md">
                  <PackageName pack={pack} />
                </Heading>
                <Text color="fg.muted">
                  <bdi>{localized(locale, pack.lab.lab_name_ar, pack.lab.lab_name_en)}</bdi>
                </Text>
                <HStack gap="3" wrap="wrap">
                  <Rating rating={pack.lab.rating} reviews={pack.lab.review_count} />
                  {place && (
                    <Text fontSize="sm" color="fg.muted">
                      <Distance km={kmFrom(place, pack.lab)} />
                    </Text>
                  )}
                </HStack>
                <HStack gap="3" wrap="wrap" align="baseline">
                  <Price value={pack.price} fontSize="lg" color="brand.fg" />
                  {value !== null && (
                    <Text fontSize="sm" color="fg.muted">
                      {t`${plural(pack.marker_count, { one: '# marker', other: '# markers' })}`} ·{' '}
                      <Price value={value} fontWeight="normal" /> {t`per marker`}
                    </Text>
                  )}
                </HStack>
                <Text fontSize="sm">
                  {t`Fasting`}: <Fasting hours={pack.fasting_hours} /> · {t`Results within`}: <Turnaround hours={pack.turnaround_hours} />
                </Text>
                <BookLink pack={pack} />
              </Stack>
            </Card.Body>
          </Card.Root>
        );
      })}
      {groups.map((group) => (
        <Card.Root key={group.categoryId} variant="outline" size="sm" as="section">
          <Card.Header pb="2">
            <Heading as="h2" size="md">
              {localized(locale, group.nameAr, group.nameEn)}
            </Heading>
          </Card.Header>
          <Card.Body pt="0">
            <Stack as="ul" gap="3" listStyleType="none">
              {group.rows.map(({ marker, holders, only }) => (
                <Box
                  as="li"
                  key={marker.id}
                  p="2"
                  rounded="md"
                  bg={only ? 'orange.subtle/60' : undefined}
                  data-only-here={only || undefined}
                >
                  <MarkerName marker={marker} />
                  {only && <OnlyHere />}
                  <Stack as="ul" gap="1" mt="1" listStyleType="none" fontSize="sm">
                    {packages.map((pack, index) => (
                      <HStack as="li" key={pack.id} gap="2" color={holders[index] ? undefined : 'fg.muted'}>
                        <Included yes={holders[index] ?? false} />
                        <Text>{shortName(pack)}</Text>
                      </HStack>
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

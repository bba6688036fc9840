import { expect, languages, readInLanguage, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Labs on a map (issue #22, docs/decisions/0030): the labs list has a map view with a pin per lab, the
// lab page shows where the lab is; the map's code arrives only when a map is shown, and its tiles come
// from MAP_TILES_URL (here a local server of blank tiles: nothing is fetched from outside).

const localHosts = new Set(['localhost', '127.0.0.1']);

for (const { language, locale } of languages) {
  test(`the labs list shows every lab as a pin on a map, and a pin leads to its lab, in ${language}`, async ({ page, appServer }) => {
    const w = words[locale];
    const outside: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(url.pathname);
      if (url.protocol.startsWith('http') && !localHosts.has(url.hostname)) outside.push(request.url());
    });
    await readInLanguage(page, locale);
    await page.goto('/labs');
    await expect(page.getByTestId('lab-card').first()).toBeVisible();
    // The list's first load carries no map code.
    expect(requested.filter((path) => /labs-map|leaflet/i.test(path))).toEqual([]);

    const labs = await trpc<{ id: string; latitude: number | null }[]>(page, 'catalog.labs', undefined, 'GET');
    const located = labs.filter((lab) => lab.latitude !== null);
    expect(located.length).toBeGreaterThan(1);

    const tilesBefore = appServer.tiles.requests.length;
    await page.getByRole('button', { name: w.labsMap.map, exact: true }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByRole('region', { name: w.labsMap.region });
    await expect(map).toBeVisible();
    const pins = map.locator('.leaflet-marker-icon');
    await expect(pins).toHaveCount(located.length);
    // The reader's own position, when they ask for it.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 24.7136, longitude: 46.6753 });
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(0);
    await page.getByTestId('labs-map-locate').click();
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    await expect.poll(() => appServer.tiles.requests.length).toBeGreaterThan(tilesBefore);
    await screenshotBothSizes(page, map, `labs-map.${locale}`);

    // A pin names its lab; from the keyboard (labs in one city share a spot at this zoom) its popup
    // leads to the lab's page, which shows the lab on a map of its own.
    const first = pins.first();
    const name = await first.getAttribute('title');
    expect(name).toBeTruthy();
    await first.focus();
    await page.keyboard.press('Enter');
    const popup = map.locator('.leaflet-popup-content');
    await expect(popup.getByRole('link', { name: name! })).toBeVisible();
    await popup.getByRole('link', { name: name! }).click();
    await expect(page).toHaveURL(/\/labs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
    const labMap = page.getByRole('region', { name: w.labsMap.labRegion });
    await labMap.scrollIntoViewIfNeeded();
    await expect(labMap.locator('.leaflet-marker-icon')).toHaveCount(1);
    await screenshotBothSizes(page, labMap, `lab-location.${locale}`);

    // Back to the list view, which the address remembers.
    await page.goto('/labs?view=map');
    await expect(page.getByRole('region', { name: w.labsMap.region })).toBeVisible();
    await page.getByRole('button', { name: w.labsMap.list, exact: true }).click();
    await expect(page.getByTestId('lab-card').first()).toBeVisible();
    expect(outside).toEqual([]);
  });

  test(`search results show their labs as pins around the searcher, in ${language}`, async ({ page }) => {
    const w = words[locale];
    await readInLanguage(page, locale);
    const here = { lat: 24.7136, lon: 46.6753 };
    const rows = await trpc<{ lab_id: string; lab_latitude: number | null }[]>(page, 'search.labTests', { query: 'CBC', ...here }, 'GET');
    const labs = new Set(rows.filter((row) => row.lab_latitude !== null).map((row) => row.lab_id));
    expect(labs.size).toBeGreaterThan(1);

    await page.goto(`/search?query=CBC&lat=${here.lat}&lon=${here.lon}`);
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    await page.getByRole('button', { name: w.labsMap.map, exact: true }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByRole('region', { name: w.labsMap.resultsRegion });
    await expect(map).toBeVisible();
    // One pin per lab of the results, and the searcher's own position.
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(labs.size);
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    await screenshotBothSizes(page, map, `search-map.${locale}`);
    await page.getByRole('button', { name: w.labsMap.list, exact: true }).click();
    await expect(page.getByTestId('search-result').first()).toBeVisible();
  });
}

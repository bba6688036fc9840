import { expect, type Page, readInLanguage, test } from './fixtures.ts';

async function searchFromHome(page: Page, query: string, location: string, labels: { test: string; location: string; search: string }) {
  await page.goto('/');
  await page.getByLabel(labels.test).fill(query);
  await page.getByLabel(labels.location, { exact: true }).fill(location);
  await page.getByRole('button', { name: labels.search, exact: true }).click();
}

test.describe('discovery in Arabic', () => {
  test('home search → results → test page → lab page', async ({ page }) => {
    await searchFromHome(page, 'فيتامين د', 'الرياض', { test: 'اسم التحليل', location: 'الموقع', search: 'بحث' });
    await expect(page).toHaveURL(/\/search\?/);
    const results = page.getByTestId('search-result');
    await expect(results.first()).toBeVisible();
    await expect(results.first()).toContainText('فيتامين د');
    await expect(results.first()).toContainText('ر.س');

    await results.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/test\/Vitamin%20D/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('فيتامين د');
    await expect(page.getByText('الاستعداد للتحليل')).toBeVisible();
    const offers = page.getByTestId('lab-offer');
    await expect(offers.first()).toBeVisible();

    const labName = (await offers.first().getByRole('link').first().innerText()).trim();
    await offers.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/labs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labName);
    await expect(page.getByText('ساعات العمل')).toBeVisible();
    await expect(page.getByRole('link', { name: 'افتح في الخرائط' })).toHaveAttribute('href', /google\.com\/maps/);
  });

  test('a misspelt search still finds the test, and filters narrow it', async ({ page }) => {
    await page.goto(`/search?query=${encodeURIComponent('فيتامن د')}`);
    await expect(page.getByTestId('search-result').first()).toContainText('فيتامين د');
    await page.getByRole('radio', { name: '5 نجوم فأكثر' }).click();
    await expect(page).toHaveURL(/minRating=5/);
    const nothing = page.getByTestId('no-results');
    await expect(nothing.getByRole('heading', { name: /لا يوجد مختبر يقدّم «.?فيتامن د.?» ضمن خيارات التصفية الحالية/ })).toBeVisible();
    // The next step widens the search and finds the labs again.
    await nothing.getByRole('button', { name: 'ابحث في جميع المدن وبكل الأسعار' }).click();
    await expect(page).not.toHaveURL(/minRating/);
    await expect(page.getByTestId('search-result').first()).toContainText('فيتامين د');
  });

  test('a search for no known test says so where the results go, even on a phone, with categories to browse', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/search?query=zzqqxx');
    const nothing = page.getByTestId('no-results');
    await expect(nothing.getByRole('heading', { name: /لم نجد تحليلًا باسم «.?zzqqxx.?»/ })).toBeVisible();
    await expect(nothing).toContainText('تأكّد من كتابة الاسم');
    // On the first screen: the filters are folded behind their button, not above the message.
    await expect(page.getByRole('complementary', { name: 'عوامل التصفية' })).toBeHidden();
    expect((await nothing.boundingBox())!.y).toBeLessThan(740);
    await nothing.getByRole('link', { name: 'الغدة الدرقية' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الغدة الدرقية');
  });

  test('on a phone the filters fold behind their button, so the first result is on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/search?query=${encodeURIComponent('فيتامين د')}`);
    const first = page.getByTestId('search-result').first();
    await expect(first).toBeVisible();
    // The packages holding vitamin D come in one row that scrolls sideways, so the results stay on the first screen.
    const strip = page.getByTestId('packages-with-test');
    await expect(strip.getByTestId('package-with-test').first()).toBeVisible();
    expect(await strip.getByTestId('package-with-test').count()).toBeGreaterThan(1);
    const firstPackage = (await strip.getByTestId('package-with-test').first().getByRole('link').innerText()).trim();
    expect((await first.boundingBox())!.y).toBeLessThan(740);
    const filters = page.getByRole('complementary', { name: 'عوامل التصفية' });
    await expect(filters).toBeHidden();
    const fold = page.getByRole('button', { name: 'عوامل التصفية', exact: true });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await fold.click();
    await expect(filters).toBeVisible();
    await filters.getByRole('radio', { name: '4 نجوم فأكثر' }).click();
    await expect(page).toHaveURL(/minRating=4/);
    // The button counts the filters in use.
    await expect(page.getByRole('button', { name: 'عوامل التصفية (1)' })).toHaveAttribute('aria-expanded', 'true');
    // Its link compares those packages marker by marker.
    await strip.getByRole('link', { name: 'قارن هذه الباقات' }).click();
    await expect(page).toHaveURL(/\/packages\/compare\?ids=\d+(%2C|,)\d+/);
    await expect(page.getByTestId('compare-stacked')).toContainText(firstPackage);
  });

  test('categories lead to a category page; its search says it is not ready', async ({ page }) => {
    await page.goto('/categories');
    await page.getByTestId('category-card').filter({ hasText: 'الغدة الدرقية' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الغدة الدرقية');
    await expect(page.getByTestId('test-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'تصفية' }).click();
    await expect(page.getByText('هذه الميزة غير متاحة بعد.')).toBeVisible();
    await page.goto('/categories/Astrology');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الفئة غير موجودة');
  });
});

test.describe('discovery in English', () => {
  test.beforeEach(({ page }) => readInLanguage(page, 'en'));

  test('home search → results → test page → lab page', async ({ page }) => {
    await searchFromHome(page, 'cbc', 'Jeddah', { test: 'Test name', location: 'Location', search: 'Search' });
    const results = page.getByTestId('search-result');
    await expect(results.first()).toContainText('Complete Blood Count');
    await expect(results.first()).toContainText('Jeddah');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceLowHigh');
    await expect(page).toHaveURL(/sort=priceLowHigh/);

    await results.first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Complete Blood Count');
    // The lab chosen in the results is preselected on the test page.
    await expect(page).toHaveURL(/lab_id=/);
    const offers = page.getByTestId('lab-offer');
    await offers.first().getByRole('link').first().click();
    await expect(page.getByText('Working hours')).toBeVisible();
    await expect(page.getByText('Tests and prices')).toBeVisible();
  });

  test('the labs page filters by city', async ({ page }) => {
    await page.goto('/labs');
    await expect(page.getByTestId('lab-card')).toHaveCount(30);
    await page.getByRole('combobox', { name: 'City' }).selectOption('madinah');
    await expect(page.getByTestId('lab-card')).toHaveCount(4);
    await expect(page).toHaveURL(/city=madinah/);
  });

  test('a long result list comes a page at a time', async ({ page }) => {
    await page.goto('/search?query=vitamin&lat=24.6953&lon=46.6855');
    const results = page.getByTestId('search-result');
    await expect(results).toHaveCount(20);
    await expect(page.getByText('Showing the first 20 results')).toBeVisible();
    const firstPage = await results.allTextContents();
    await page.getByRole('button', { name: 'Show more results' }).click();
    await expect(results).toHaveCount(40);
    expect((await results.allTextContents()).slice(0, 20)).toEqual(firstPage);
  });

  test('distances appear in km with one decimal when the search has coordinates', async ({ page }) => {
    await page.goto('/search?query=cbc&lat=24.6953&lon=46.6855');
    await expect(page.getByTestId('search-result').first()).toContainText(/\d+\.\d km away/);
  });
});

test.describe('searching near me', () => {
  test('the browser’s position becomes the search’s, and results come nearest first', async ({ page, context }) => {
    // Olaya, Riyadh.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 24.6953, longitude: 46.6855 });
    await page.goto('/');
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await expect(page.getByLabel('الموقع', { exact: true })).toHaveValue('موقعي الحالي');
    await page.getByLabel('اسم التحليل').fill('cbc');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page).toHaveURL(/lat=24\.6953/);
    await expect(page).toHaveURL(/lon=46\.6855/);
    const distances = page.getByTestId('search-result').getByText(/كم/);
    await expect(distances.first()).toBeVisible();
    const kilometres = (await distances.allTextContents()).map((text) => Number(/[\d.]+/.exec(text)?.[0]));
    expect(kilometres.length).toBeGreaterThan(1);
    expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  });

  test('a refused position says so, and the location can still be typed', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/');
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await expect(page.getByText('تعذّر تحديد موقعك. يرجى إدخاله يدويًا.')).toBeVisible();
    const location = page.getByLabel('الموقع', { exact: true });
    await expect(location).toHaveValue('');
    await location.fill('جدة');
    await expect(location).toHaveValue('جدة');
  });
});

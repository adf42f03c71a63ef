import { expect, test } from './test.ts';

test('an unknown page shows a real 404 page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('a route error shows the Navigation Error screen with its four buttons', async ({ page }) => {
  const reports: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/frontend-errors')) reports.push(req.postData() ?? '');
  });
  await page.goto('/dev/crash-loader');
  await expect(page.getByRole('heading', { name: 'Navigation Error' })).toBeVisible();
  for (const name of ['Try Loading Again', 'Go Back', 'Go Home', 'Refresh Page']) {
    await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name }))).toBeVisible();
  }
  await expect.poll(() => reports.length).toBeGreaterThan(0);
});

test('a render error shows the component error screen and is reported', async ({ page }) => {
  const reported = page.waitForResponse(
    (res) => res.url().endsWith('/api/frontend-errors') && res.status() === 202,
  );
  await page.goto('/dev/crash');
  await expect(
    page.getByText('This error has been automatically reported to our development team.'),
  ).toBeVisible();
  for (const name of ['Try Again', 'Go Back', 'Go Home']) {
    await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name }))).toBeVisible();
  }
  const body = (await reported).request().postDataJSON();
  expect(body).toMatchObject({ route_path: '/dev/crash' });
  expect(['critical', 'high', 'medium', 'low']).toContain(body.severity);
});

test('the slow loading screen says it is taking longer', async ({ page }) => {
  await page.clock.install();
  await page.goto('/dev/screens?show=loading');
  await expect(page.getByText('Loading your profile...')).toBeVisible();
  await expect(page.getByText('Taking longer than expected')).toHaveCount(0);
  await page.clock.fastForward(10_500);
  await expect(page.getByText('Taking longer than expected')).toBeVisible();
});

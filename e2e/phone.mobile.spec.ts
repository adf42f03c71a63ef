import { expect, test } from './test.ts';

for (const path of ['/landing', '/pricing', '/enterprise-inquiry', '/help', '/search']) {
  test(`${path} fits a 360 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the menu opens on a phone and leads to pricing', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

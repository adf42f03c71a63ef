import { expect, test } from './test.ts';

test('the theme switch persists across reloads, on the landing page and in the app', async ({ page }) => {
  await page.goto('/pricing');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await expect(toggle).toHaveAttribute('data-theme-choice', 'light');
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('adwuma-ui-theme'))).toBe('dark');

  await page.goto('/landing');
  await expect(html).toHaveClass(/dark/);
  await page.getByRole('button', { name: /^Theme:/ }).click(); // dark → system
  await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveAttribute('data-theme-choice', 'system');
  await page.getByRole('button', { name: /^Theme:/ }).click(); // system → light
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

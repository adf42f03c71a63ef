import { uniqueEmail, waitForMail } from './support.ts';
import { expect, test } from './test.ts';

test.describe('landing page', () => {
  test('renders every section of the spec', async ({ page }) => {
    await page.goto('/landing');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('checkbox', { name: "I'm just exploring" })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Why choose Adwuma' })).toBeVisible();

    const how = page.getByRole('region', { name: 'How Adwuma works' });
    for (const step of ['Search and browse', 'Connect and hire', 'Work together', 'Review and rate']) {
      await expect(how.getByRole('heading', { name: step })).toBeVisible();
    }

    const numbers = page.getByRole('region', { name: /numbers/i });
    for (const claim of ['1,000+', '50+', '4.8', '20+'])
      await expect(numbers.getByText(claim, { exact: true })).toBeVisible();

    // Two waitlist forms: the hero and the bottom one.
    await expect(main.getByRole('textbox', { name: 'Email address' })).toHaveCount(2);

    const header = page.getByRole('banner');
    for (const item of [
      'Features',
      'Find Providers',
      'Browse Services',
      'Browse Jobs',
      'Join as Provider',
      'Pricing',
      'About',
    ]) {
      await expect(header.getByRole('link', { name: item, exact: true })).toHaveAttribute('href', /.+/);
    }
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('list', { name: 'Social links' }).getByRole('link')).not.toHaveCount(0);
    await expect(
      footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Pricing' }),
    ).toBeVisible();
    await expect(
      footer.getByRole('list', { name: 'Contact links' }).getByRole('link', { name: /@/ }),
    ).toBeVisible();
  });

  test('paints from HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'How Adwuma works' })).toBeVisible();
    await context.close();
  });

  test('joins the waitlist from the hero, keeps UTM parameters, and the welcome mail is sent', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('hero');
    await page.goto('/landing?utm_source=e2e&utm_campaign=launch');
    const hero = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 1 }) });
    await hero.getByRole('textbox', { name: 'Email address' }).fill(email);
    await hero.getByRole('checkbox', { name: "I'm just exploring" }).check();
    await hero.getByRole('button', { name: /join the waitlist/i }).click();
    await expect(hero.getByRole('status')).toContainText("You're on the list!");
    const stored = await page.evaluate(() => localStorage.getItem('utm_params'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ utm_source: 'e2e', utm_campaign: 'launch' });
    const mail = await waitForMail(request, email, 'waitlist-welcome');
    expect(mail.subject).toBe('Welcome to the Adwuma waitlist');
  });

  test('answers a duplicate with "You\'re Already In!"', async ({ page }) => {
    const email = uniqueEmail('dup');
    await page.goto('/landing');
    const bottom = page.getByRole('region', { name: /first to hire/i });
    await bottom.getByRole('textbox', { name: 'Email address' }).fill(email);
    await bottom.getByRole('button').click();
    await expect(bottom.getByRole('status')).toContainText("You're on the list!");

    await page.reload();
    const again = page.getByRole('region', { name: /first to hire/i });
    await again.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    await again.getByRole('button').click();
    await expect(again.getByRole('status')).toContainText("You're Already In!");
    await expect(again.getByRole('status')).toContainText('Already Subscribed');
  });

  test('refuses invalid input with the spec messages', async ({ page }) => {
    await page.goto('/landing');
    const bottom = page.getByRole('region', { name: /first to hire/i });
    await expect(bottom.getByRole('button')).toBeEnabled();
    await bottom.getByRole('textbox', { name: 'Email address' }).fill('kofi.example.com');
    await bottom.getByRole('button').click();
    await expect(bottom.getByRole('alert').first()).toContainText('Please enter a valid email address');
    await expect(page.getByText('Invalid Email', { exact: true })).toBeVisible();

    const hero = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 1 }) });
    await hero.getByRole('button', { name: /join the waitlist/i }).click();
    await expect(hero.getByRole('alert').first()).toContainText('Please enter your email address');
  });
});

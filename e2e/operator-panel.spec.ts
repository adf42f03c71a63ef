import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ADMIN_USER_MESSAGES } from '@adwuma/shared/admin/users';
import { createAccount, expect, ORIGIN, signedInAdmin, test } from './auth-fixtures.ts';
import { ok, phone, uniqueWord } from './marketplace-fixtures.ts';
import type { APIRequestContext, Page } from './test.ts';

/**
 * The operator's panel (issue 19) in the browser: the dashboard's funnel with its charts, tables,
 * ranges and CSVs; a suspension that signs the person out on their own phone, then reinstatement;
 * the live activity feed, the logs and an enterprise lead moved on.
 */

const DAY = 86_400_000;
/** A calendar day in Accra (UTC all year), `offset` days from today. */
const day = (offset = 0) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const sessionId = () => `e2e${randomUUID().replaceAll('-', '').slice(0, 20)}`;

async function track(
  api: APIRequestContext,
  event_type: 'page_view' | 'user_signup' | 'conversion',
  event: { page_path: string; session_id: string; utm_source: string },
) {
  await ok(event_type, await api.post('/api/events', { data: { event_type, ...event } }));
}

/** A chart's card, by its title. */
const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('an admin reads the funnel: figures, charts and tables, then a range of their own and a CSV', async ({
  browser,
  request,
}) => {
  // Two visits from one campaign to a page of this test's own; both convert there, one signs up.
  const page_path = `/e2e-${uniqueWord().toLowerCase()}`;
  const utm_source = `e2e_${uniqueWord().toLowerCase()}`;
  const first = { page_path, utm_source, session_id: sessionId() };
  const second = { page_path, utm_source, session_id: sessionId() };
  await Promise.all([
    track(request, 'page_view', first),
    track(request, 'user_signup', first),
    track(request, 'conversion', first),
    track(request, 'page_view', second),
    track(request, 'conversion', second),
  ]);

  const { context, page } = await signedInAdmin(browser);
  try {
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    const kpis = page.getByRole('list', { name: 'Key figures' });
    for (const label of ['Visitors', 'Sign-ups', 'Conversions', 'Conversion rate'])
      await expect(kpis.getByText(label, { exact: true })).toBeVisible();

    // Each chart is drawn (recharts' SVG), the funnel as steps.
    for (const title of ['Visitors, sign-ups and conversions', 'Traffic sources', 'Top converting pages'])
      await expect(chartCard(page, title).getByRole('application')).toBeVisible();
    await expect(
      chartCard(page, 'Top converting pages').locator('.recharts-bar-rectangle').first(),
    ).toBeVisible();
    const funnel = chartCard(page, 'Funnel');
    for (const step of ['Visited', 'Signed up', 'Converted'])
      await expect(funnel.getByRole('listitem').getByText(step, { exact: true })).toBeVisible();

    // The data behind a chart, as a table: this test's page converted twice, in two page views.
    const pages = chartCard(page, 'Top converting pages');
    await pages.getByText('Show data as table').click();
    const pagesTable = pages.getByRole('table', { name: 'Top converting pages' });
    await expect(pagesTable.getByRole('row').filter({ hasText: page_path }).getByRole('cell')).toHaveText([
      page_path,
      '2',
      '2',
    ]);
    const sources = chartCard(page, 'Traffic sources');
    await sources.getByText('Show data as table').click();
    await expect(sources.getByRole('table', { name: 'Traffic sources' })).toBeVisible();

    // Last 7 days: the address and the figures follow. The last range's figures stay on screen
    // until the new ones arrive (the same rows here), so wait for the new range's answer.
    const sevenDays = page.waitForResponse(
      (r) => r.url().includes(`/api/admin/analytics/funnel?start=${day(-6)}`) && r.ok(),
    );
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await sevenDays;
    await expect(page.getByText('Updating…')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?start=${day(-6)}&end=${day()}$`));
    await expect(page.getByText(/\(7 days\), compared with the 7 days before\.$/)).toBeVisible();
    await expect(pagesTable.getByRole('row').filter({ hasText: page_path }).getByRole('cell')).toHaveText([
      page_path,
      '2',
      '2',
    ]);

    // The same rows as a CSV, made in the browser.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pages.getByRole('button', { name: 'Download CSV of Top converting pages' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`top-converting-pages-${day(-6)}-${day()}.csv`);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Page,Conversions,Page views');
    expect(lines).toContain(`${page_path},2,2`);

    // A custom range two weeks back: before any event of this run, so every figure is nought.
    await page.getByRole('radio', { name: 'Custom' }).check();
    const custom = page.getByRole('form', { name: 'Custom date range' });
    await custom.getByLabel('From').fill(day(-20));
    await custom.getByLabel('To').fill(day(-14));
    await custom.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?start=${day(-20)}&end=${day(-14)}$`));
    await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
    await expect(pages.getByText('No data in this range.')).toBeVisible();
    await expect(
      kpis.getByRole('listitem').filter({ hasText: 'Visitors' }).getByText('0', { exact: true }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an admin suspends a customer, who is signed out on their own phone at once, then reinstates them', async ({
  browser,
  request,
}) => {
  // Two browsers, two sign-ups and three sign-ins (password hashing): ~11 s alone, ~22 s beside others.
  test.setTimeout(45_000);
  const name = `Abena ${uniqueWord()}`;
  const phonePage = await phone(browser);
  const { context, page } = await signedInAdmin(browser);
  try {
    const account = await createAccount(phonePage, { name });
    // The phone's realtime socket, frame by frame.
    const frames: string[] = [];
    phonePage.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/api/realtime') return;
      socket.on('framereceived', ({ payload }) => {
        try {
          frames.push(String((JSON.parse(String(payload)) as { type?: unknown }).type));
        } catch {
          frames.push('?');
        }
      });
    });
    await phonePage.goto('/dashboard');
    await expect.poll(() => frames, { message: 'the phone is connected' }).toContain('ready');
    const cookie = (await phonePage.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await request.get('/api/me', { headers: { cookie } })).status()).toBe(200);

    // The admin finds them by email and opens their page.
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Name, email or phone' }).fill(account.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: `Open ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const reason = `Reported three times for no-shows (${uniqueWord()}).`;
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await suspend.getByLabel('Reason').fill(reason);
    await suspend.getByRole('button', { name: 'Suspend account' }).click();
    await expect(suspend).toBeHidden();

    // On the phone: the socket says so, the app goes to sign in and says why.
    await expect.poll(() => frames, { message: 'the signed_out frame' }).toContain('signed_out');
    await expect(phonePage).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);
    await expect(phonePage.getByText(ADMIN_USER_MESSAGES.suspendedSignIn).first()).toBeVisible();
    // The old cookie opens nothing any more.
    expect((await request.get('/api/me', { headers: { cookie } })).status()).toBe(401);

    // The admin's page: suspended, why, and the audit entry.
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name }) });
    await expect(header.getByText('Suspended', { exact: true })).toBeVisible();
    await expect(page.getByText('This account is suspended')).toBeVisible();
    const history = page.getByRole('list', { name: 'Admin history' });
    await expect(history.getByRole('listitem').filter({ hasText: reason })).toContainText('Suspend');
    await expect(history.getByRole('listitem').filter({ hasText: reason })).toContainText(
      process.env.E2E_ADMIN_EMAIL ?? '',
    );

    // Signing in through the form is refused with the suspension message.
    await phonePage.getByLabel('Email', { exact: true }).fill(account.email);
    await phonePage.getByLabel('Password', { exact: true }).fill(account.password);
    await phonePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      phonePage.getByRole('tabpanel').getByText(ADMIN_USER_MESSAGES.suspendedSignIn, { exact: true }),
    ).toBeVisible();
    await expect(phonePage).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);

    // Reinstated: the account is active again and the person signs in.
    await page.getByRole('button', { name: 'Reinstate', exact: true }).click();
    const reinstate = page.getByRole('dialog', { name: `Reinstate ${name}?` });
    await reinstate.getByLabel('Reason').fill('The reports were a mix-up with another account.');
    await reinstate.getByRole('button', { name: 'Reinstate account' }).click();
    await expect(reinstate).toBeHidden();
    await expect(header.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('This account is suspended')).toBeHidden();
    await expect(history.getByRole('listitem')).toHaveCount(2);

    await phonePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(phonePage).toHaveURL(/\/dashboard$/);
    expect((await phonePage.request.get('/api/me')).status()).toBe(200);
  } finally {
    await Promise.all([context.close(), phonePage.context().close()]);
  }
});

test('an admin sees a sign-up arrive live, reads the logs and moves an enterprise lead on', async ({
  browser,
  request,
}) => {
  const company = `${uniqueWord()} Logistics Ltd`;
  const lead = await ok(
    'enterprise lead',
    await request.post('/api/enterprise-leads', {
      headers: { origin: ORIGIN },
      data: {
        name: 'Kwame Boateng',
        company,
        email: `kwame-${randomUUID().slice(0, 8)}@example.com`,
        team_size: '51-200',
        needs: 'Office cleaning every week for three branches in Accra.',
      },
    }),
  );
  const leadId = ((await lead.json()) as { id: string }).id;
  const errorMessage = `e2e: the ${uniqueWord()} widget exploded`;
  await ok(
    'frontend error',
    await request.post('/api/frontend-errors', {
      data: { error_type: 'TypeError', message: errorMessage, route_path: '/e2e', severity: 'high' },
    }),
  );

  const { context, page } = await signedInAdmin(browser);
  try {
    // Activity: the feed is loaded and live; a new sign-up appears without a reload.
    await page.goto('/admin/activity');
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const feed = page.getByRole('list', { name: 'Activity, newest first' });
    await expect(feed).toBeVisible();
    const newcomer = `Yaw ${uniqueWord()}`;
    await createAccount(request, { name: newcomer });
    await expect(feed.getByRole('listitem').filter({ hasText: newcomer })).toContainText(
      `${newcomer} signed up as a customer`,
    );

    // Enterprise leads: status and owner changed and kept.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Enterprise leads' }).click();
    await page.getByRole('searchbox', { name: 'Company, contact or email' }).fill(company);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: company });
    const stage = card.locator('header');
    await expect(stage.getByText('New', { exact: true })).toBeVisible();
    await card.getByLabel('Status').selectOption({ label: 'Contacted' });
    await card.getByLabel('Owner').selectOption({ label: `Efua Admin (${process.env.E2E_ADMIN_EMAIL})` });
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(stage.getByText('Contacted', { exact: true })).toBeVisible();
    await page.reload();
    await expect(card.getByLabel('Status')).toHaveValue('contacted');
    await expect(card.getByLabel('Owner')).not.toHaveValue('');

    // Logs: grouped errors, security events, and the lead's change in the audit log.
    await nav.getByRole('link', { name: 'Logs' }).click();
    const tabs = page.getByRole('navigation', { name: 'Log lists' });
    await expect(tabs.getByRole('link')).toHaveText([
      'Errors',
      'All errors',
      'Security events',
      'Admin audit log',
    ]);
    await expect(
      page.getByRole('table', { name: 'Errors grouped by message and page' }).getByText(errorMessage),
    ).toBeVisible();
    await tabs.getByRole('link', { name: 'Security events' }).click();
    await expect(
      page.getByRole('table', { name: 'Security events' }).getByText('admin_created').first(),
    ).toBeVisible();
    await tabs.getByRole('link', { name: 'Admin audit log' }).click();
    await expect(
      page.getByRole('table', { name: 'Admin audit log' }).getByRole('row').filter({ hasText: leadId }),
    ).toContainText('enterprise_lead.update');
  } finally {
    await context.close();
  }
});

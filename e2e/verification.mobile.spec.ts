import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { createAccount, expect, signedInAdmin, test } from './auth-fixtures.ts';
import { saveOnboardingSteps } from './onboarding-fixtures.ts';
import type { APIRequestContext, Page } from './test.ts';

// ---- small real images, made here (the server decodes and re-encodes every image) ---------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB PNG: a card-coloured background with a darker band, like a photo of an ID. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, no filter, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const band = y > height * 0.6 && y < height * 0.8 ? 0.55 : 1;
      rows.set([r * band, g * band, b * band], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const IMAGES = {
  front: { name: 'ghana-card-front.png', mimeType: 'image/png', buffer: png(320, 200, [210, 180, 120]) },
  back: { name: 'ghana-card-back.png', mimeType: 'image/png', buffer: png(320, 200, [150, 170, 200]) },
  selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: png(240, 320, [200, 150, 130]) },
} as const;

const SLOTS = [
  ['front', 'Ghana Card — front'],
  ['back', 'Ghana Card — back'],
  ['selfie', 'Selfie holding your card'],
] as const;

/** The core onboarding through the API; the profile under a name of this test's own (the queue is shared). */
async function finishCoreOnboarding(request: APIRequestContext, name: string) {
  await saveOnboardingSteps(request, { intro: true, photo: true, location: true, services: true });
  const res = await request.put('/api/onboarding/profile', {
    data: { full_name: name, phone: '024 123 4567', bio: 'Electrician in Kumasi, ten years of wiring.' },
  });
  expect(res.ok(), `profile: ${res.status()} ${await res.text()}`).toBe(true);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a provider verifies with a Ghana Card on a phone and an admin approves', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Yaw Asante ${randomInt(1000, 9999)}`;
  await createAccount(page, { role: 'explorer', name });
  await finishCoreOnboarding(page.request, name);

  // The provider: three documents, the card number, submit.
  await page.goto('/onboarding/verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await expect(page.getByText('Not yet reviewed')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit for review' });
  await expect(submit).toBeDisabled();
  await expectNoSidewaysScroll(page);

  for (const [type, label] of SLOTS) {
    const slot = page.getByRole('region', { name: label });
    await slot.getByLabel('Choose file').setInputFiles(IMAGES[type]);
    await expect(slot.getByRole('img', { name: `${label} preview` })).toBeVisible();
    await expect(slot.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByText('Document Uploaded').first()).toBeVisible();
  }
  // The preview is the stored file behind its signed URL, and it really loads.
  const preview = page.getByRole('img', { name: 'Ghana Card — front preview' });
  await expect(preview).toHaveAttribute('src', /sig=/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  await page.getByLabel('Ghana Card number').fill('gha 123456789 0');
  await expect(submit).toBeEnabled();
  await submit.click();
  // The first submission starts the verification (spec 8).
  await expect(page.getByText('Verification Started')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/terms$/);

  // The admin, in a browser of their own.
  const { context: adminContext, page: admin } = await signedInAdmin(browser, { phone: true });
  await admin.goto('/admin/review');
  await expect(admin.getByRole('heading', { level: 1, name: 'Verification review' })).toBeVisible();
  await expect(admin.getByLabel('Show')).toHaveValue('awaiting');
  // The queue lists the oldest first, 20 to a page: other tests' providers may come before this one.
  const open = admin.getByRole('link', { name: `Open ${name}` });
  await expect(async () => {
    if (await open.isVisible()) return;
    await admin.getByRole('button', { name: 'Next', exact: true }).click({ timeout: 2_000 });
    await expect(open).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await open.click();

  await expect(admin).toHaveURL(/\/admin\/review\/[^/]+$/);
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(admin.getByText('GHA-123456789-0')).toBeVisible();
  for (const [, label] of SLOTS) {
    await expect(admin.getByRole('img', { name: `${label} of ${name}` })).toBeVisible();
  }
  await admin.getByRole('button', { name: 'Start review' }).click();
  await expect(admin.getByText('Review started')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Start review' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve verification' }).click();
  await expect(admin.getByText('Verification approved')).toBeVisible();
  await expect(admin.getByText('Decided by')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await adminContext.close();

  // The provider sees the result, and the gate lets them through.
  await page.goto('/onboarding/verification');
  await expect(page.getByRole('heading', { name: "You're verified" })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Identity verified' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Ghana Card — front' })).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Akwaaba, Yaw/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified provider' }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Identity verified'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});

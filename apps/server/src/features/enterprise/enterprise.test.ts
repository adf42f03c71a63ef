import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enterpriseLeads, mailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';

describe('POST /api/enterprise-leads', () => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/enterprise-leads',
      payload,
      remoteAddress: `192.0.2.${++client}`,
    });

  const valid = () => ({
    name: 'Ama Mensah',
    company: 'Kumasi Facilities Ltd',
    email: uniqueEmail('lead'),
    phone: '+233 24 123 4567',
    team_size: '51-200',
    needs: 'Cleaning and plumbing for twelve office sites in Kumasi and Accra.',
  });

  it('stores the lead and mails a confirmation', async () => {
    const lead = valid();
    const res = await send(lead);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.db.select().from(enterpriseLeads).where(eq(enterpriseLeads.id, id));
    expect(row).toMatchObject({
      name: 'Ama Mensah',
      company: 'Kumasi Facilities Ltd',
      team_size: '51-200',
      status: 'new',
    });
    await vi.waitFor(
      async () => {
        const mails = await t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to_address, lead.email));
        expect(mails.map((m) => m.template)).toEqual(['enterprise-lead-confirmation']);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it.each([
    ['name', '<b>Ama</b>', 'HTML tags are not allowed'],
    ['company', "x'; DROP TABLE enterprise_leads; --", 'Input contains potentially dangerous content'],
    ['name', 'A', 'Must be at least 2 characters long'],
    ['needs', 'x'.repeat(5001), 'Cannot exceed 5000 characters'],
    ['phone', 'call me', 'Input format is invalid'],
    ['needs', '   ', 'This field is required'],
    ['team_size', 'huge', 'Please choose a team size'],
  ])('refuses a bad %s with the spec message', async (field, value, message) => {
    const res = await send({ ...valid(), [field]: value });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fields as { field: string; message: string }[];
    expect(fields).toContainEqual({ field, message });
  });

  it('keeps ordinary words that merely look like SQL', async () => {
    const res = await send({
      ...valid(),
      needs: 'Select the best cleaners from your list and update us weekly.',
    });
    expect(res.statusCode).toBe(201);
  });
});

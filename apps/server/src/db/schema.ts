import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const utm = () => ({
  utm_source: text('utm_source'),
  utm_medium: text('utm_medium'),
  utm_campaign: text('utm_campaign'),
  utm_content: text('utm_content'),
  utm_term: text('utm_term'),
});

/** Spec 3 "subscribers" (waitlist). The unique email is what answers "You're Already In!". */
export const subscribers = pgTable('subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  exploring: boolean('exploring').notNull().default(false),
  source_form: text('source_form').notNull().default('hero'),
  ...utm(),
  welcome_email_sent: boolean('welcome_email_sent').notNull().default(false),
  welcome_email_sent_at: timestamp('welcome_email_sent_at', { withTimezone: true }),
  created_at: createdAt(),
});

/** Spec 3 "event_tracking". */
export const eventTracking = pgTable(
  'event_tracking',
  {
    id: id(),
    event_type: text('event_type').notNull(),
    event_data: jsonb('event_data').$type<Record<string, unknown>>(),
    page_path: text('page_path').notNull(),
    ...utm(),
    session_id: text('session_id'),
    user_id: text('user_id'),
    created_at: createdAt(),
  },
  (t) => [
    check(
      'event_tracking_type_check',
      sql`${t.event_type} in ('conversion','page_view','user_signup','ab_test')`,
    ),
    index('event_tracking_type_created_idx').on(t.event_type, t.created_at),
  ],
);

export const enterpriseLeads = pgTable(
  'enterprise_leads',
  {
    id: id(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    team_size: text('team_size').notNull(),
    needs: text('needs').notNull(),
    status: text('status').notNull().default('new'),
    created_at: createdAt(),
  },
  (t) => [index('enterprise_leads_created_idx').on(t.created_at)],
);

/** Spec 7 log_frontend_error: what the browser reports. */
export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: id(),
    error_type: text('error_type').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    component_name: text('component_name'),
    route_path: text('route_path'),
    user_agent: text('user_agent'),
    user_id: text('user_id'),
    session_id: text('session_id'),
    additional_context: jsonb('additional_context').$type<Record<string, unknown>>(),
    severity: text('severity').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('frontend_errors_severity_check', sql`${t.severity} in ('critical','high','medium','low')`),
    index('frontend_errors_created_idx').on(t.created_at),
  ],
);

/** Every mail the product sends. With the dev outbox the body is kept so it can be read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body'),
    html_body: text('html_body'),
    template: text('template').notNull(),
    transport: text('transport').notNull(),
    message_id: text('message_id'),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to_address, t.created_at)],
);

/** Service categories, grouped; seeded with the Ghanaian categories in db/data/categories.ts. */
export const serviceCategories = pgTable('service_categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  group_slug: text('group_slug').notNull(),
  group_name: text('group_name').notNull(),
  description: text('description').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
});

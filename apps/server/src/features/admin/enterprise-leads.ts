import {
  ADMIN_PAGE_SIZE,
  type AdminEnterpriseLeadsPage,
  type AdminLead,
  type AdminLeadUpdate,
  type LeadStatus,
} from '@adwuma/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { adminAuditLog, authUsers, enterpriseLeads } from '../../db/schema.ts';
import { csvLine } from '../../lib/csv.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export interface LeadsFilter {
  status?: LeadStatus | undefined;
  q?: string | undefined;
}

const owners = alias(authUsers, 'lead_owner');

/**
 * An account that is an admin by the effective-role rule (the admin role or the profile flag). For
 * a where clause: there drizzle names the column with its table.
 */
const isAdminAccount = (userId: typeof authUsers.id) => sql<boolean>`(
  exists (select 1 from user_roles ur where ur.user_id = ${userId} and ur.role = 'admin')
  or exists (select 1 from profiles p where p.id = ${userId} and p.is_admin))`;

function whereOf(filter: LeadsFilter): SQL | undefined {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  return and(
    filter.status ? eq(enterpriseLeads.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(enterpriseLeads.name, pattern),
          ilike(enterpriseLeads.company, pattern),
          ilike(enterpriseLeads.email, pattern),
        )
      : undefined,
  );
}

function leadsQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ lead: enterpriseLeads, owner_email: owners.email })
    .from(enterpriseLeads)
    .leftJoin(owners, eq(owners.id, enterpriseLeads.owner_id))
    .where(where)
    .orderBy(desc(enterpriseLeads.created_at), desc(enterpriseLeads.id));
}

type LeadRow = Awaited<ReturnType<typeof leadsQuery>>[number];

const toLead = ({ lead, owner_email }: LeadRow): AdminLead => ({
  ...lead,
  owner_email: owner_email ?? null,
  created_at: lead.created_at.toISOString(),
  updated_at: lead.updated_at.toISOString(),
});

/** Enterprise inquiries, newest first; `q` matches name, company or email, `status` one stage. */
export async function enterpriseLeadsPage(
  db: Db,
  page: number,
  filter: LeadsFilter = {},
): Promise<AdminEnterpriseLeadsPage> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    leadsQuery(db, where)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(enterpriseLeads).where(where),
  ]);
  return { items: rows.map(toLead), page, pageSize: ADMIN_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

const CSV_HEADER = [
  'Received',
  'Name',
  'Company',
  'Email',
  'Phone',
  'Team size',
  'Needs',
  'Status',
  'Owner',
  'Follow up on',
  'Notes',
  'Updated',
];

/** Every lead matching the filter as CSV (one header row; cells safe against formula injection). */
export async function enterpriseLeadsCsv(db: Db, filter: LeadsFilter): Promise<string> {
  const rows = (await leadsQuery(db, whereOf(filter))).map(toLead);
  const lines = [csvLine(CSV_HEADER)];
  for (const l of rows) {
    lines.push(
      csvLine([
        l.created_at,
        l.name,
        l.company,
        l.email,
        l.phone ?? '',
        l.team_size,
        l.needs,
        l.status,
        l.owner_email ?? '',
        l.follow_up_on ?? '',
        l.notes,
        l.updated_at,
      ]),
    );
  }
  // A byte-order mark so spreadsheets read it as UTF-8 (names with ɛ, ɔ, ₵).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The admins a lead can be given to (the owner picker), by name. */
export async function adminAccounts(db: Db): Promise<{ id: string; email: string; name: string }[]> {
  return db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(isAdminAccount(authUsers.id))
    .orderBy(asc(authUsers.name), asc(authUsers.id));
}

const LEAD_FIELDS = ['status', 'owner_id', 'notes', 'follow_up_on'] as const;

/**
 * Changes a lead's stage, owner (an admin, or null), notes or follow-up date, with an audit entry
 * holding the changed fields before and after, in one transaction. 404 for an unknown lead, 400
 * naming owner_id when the owner is not an admin.
 */
export async function updateEnterpriseLead(
  db: Db,
  adminId: string,
  leadId: string,
  patch: AdminLeadUpdate,
): Promise<AdminLead> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(enterpriseLeads)
      .where(eq(enterpriseLeads.id, leadId))
      .for('update');
    if (!current) throw notFound('No such enterprise lead.');
    if (patch.owner_id) {
      const [owner] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(and(eq(authUsers.id, patch.owner_id), isAdminAccount(authUsers.id)));
      if (!owner) throw fieldError('owner_id', 'Choose an admin as the owner');
    }
    const changed = LEAD_FIELDS.filter((field) => patch[field] !== undefined);
    const before = Object.fromEntries(changed.map((field) => [field, current[field]]));
    const after = Object.fromEntries(changed.map((field) => [field, patch[field]]));
    await tx
      .update(enterpriseLeads)
      .set({ ...after, updated_at: new Date() })
      .where(eq(enterpriseLeads.id, leadId));
    await tx.insert(adminAuditLog).values({
      admin_id: adminId,
      action: 'enterprise_lead.update',
      target_type: 'enterprise_lead',
      target_id: leadId,
      details: { before, after },
    });
    const [row] = await leadsQuery(tx, eq(enterpriseLeads.id, leadId));
    return toLead(row!);
  });
}

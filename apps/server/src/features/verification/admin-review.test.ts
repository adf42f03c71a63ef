import { ADMIN_PAGE_SIZE, DOCUMENT_MESSAGES, REVIEW_NOTE_REQUIRED } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  authUsers,
  idDocuments,
  notifications,
  profiles,
  providerDocuments,
  verificationSessions,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { linkIn, makeAdmin, signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { call, makeImage, uploadAll, uploadDocument } from '../../test/documents.ts';
import { ALREADY_DECIDED_MESSAGE } from './review-service.ts';

const CARD = 'GHA-123456789-0';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin verification review', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Chief Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t.close());

  /** A provider who uploaded three documents and submitted them; returns the session id. */
  async function submitted(name = 'Ama Mensah'): Promise<{ user: TestUser; sessionId: string }> {
    const user = await signUp(t, { role: 'explorer', name });
    await uploadAll(t, user);
    const res = await call(t, 'POST', '/api/verification/submit', user.cookie, { ghana_card_number: CARD });
    expect(res.statusCode, res.body).toBe(200);
    return { user, sessionId: res.json().session.id };
  }
  const decide = (sessionId: string, body: unknown, cookie = admin.cookie) =>
    call(t, 'POST', `/api/admin/verification/${sessionId}/decision`, cookie, body);
  const queue = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/verification${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const profileOf = async (id: string) =>
    (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

  describe('is for admins only', () => {
    const endpoints = [
      ['GET', '/api/admin/verification', undefined],
      ['GET', `/api/admin/verification/${UNKNOWN}`, undefined],
      ['POST', `/api/admin/verification/${UNKNOWN}/claim`, undefined],
      ['POST', `/api/admin/verification/${UNKNOWN}/decision`, { decision: 'approve' }],
      ['GET', '/api/admin/audit', undefined],
    ] as const;

    it.each(endpoints)(
      '%s %s: 401 signed out, 403 for customers and providers',
      async (method, url, body) => {
        const signedOut = await call(t, method, url, undefined, body);
        expect(signedOut.statusCode, signedOut.body).toBe(401);
        for (const role of ['customer', 'explorer'] as const) {
          const user = await signUp(t, { role });
          const res = await call(t, method, url, user.cookie, body);
          expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      },
    );

    it('a provider cannot decide their own session', async () => {
      const { user, sessionId } = await submitted();
      const res = await decide(sessionId, { decision: 'approve' }, user.cookie);
      expect(res.statusCode).toBe(403);
      expect((await profileOf(user.id)).verified).toBe(false);
    });
  });

  it('lists waiting sessions oldest first, with the provider and document count', async () => {
    const a = await submitted('Ama First');
    const b = await submitted('Kofi Second');
    const c = await submitted('Yaw Third');
    // b was submitted earliest, then c, then a.
    const at = (iso: string) => new Date(iso);
    await t.database.db
      .update(verificationSessions)
      .set({ submitted_at: at('2026-03-01T08:00:00Z') })
      .where(eq(verificationSessions.id, b.sessionId));
    await t.database.db
      .update(verificationSessions)
      .set({ submitted_at: at('2026-03-02T08:00:00Z') })
      .where(eq(verificationSessions.id, c.sessionId));
    await t.database.db
      .update(verificationSessions)
      .set({ submitted_at: at('2026-03-03T08:00:00Z') })
      .where(eq(verificationSessions.id, a.sessionId));

    const page = await queue();
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE });
    const ids = page.items.map((i: { id: string }) => i.id);
    const ours = ids.filter((id: string) => [a.sessionId, b.sessionId, c.sessionId].includes(id));
    expect(ours).toEqual([b.sessionId, c.sessionId, a.sessionId]);
    const item = page.items.find((i: { id: string }) => i.id === b.sessionId);
    expect(item).toEqual({
      id: b.sessionId,
      status: 'pending',
      displayedStatus: 'pending',
      provider: {
        id: b.user.id,
        full_name: 'Kofi Second',
        email: b.user.email,
        phone: null,
        city: null,
        verified: false,
      },
      ghana_card_number: CARD,
      document_count: 3,
      submitted_at: '2026-03-01T08:00:00.000Z',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      reviewer_id: null,
    });
  });

  it('filters by status (awaiting by default, all, or one) and pages by ADMIN_PAGE_SIZE', async () => {
    const { db } = t.database;
    // 21 old sessions (submitted in 2001) come before everything else in the queue.
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 1; i++) {
      const id = `queue-${i}-${Date.now().toString(36)}`;
      await db.insert(authUsers).values({ id, name: `Queue ${i}`, email: `${id}@example.com` });
      await db
        .insert(profiles)
        .values({ id, email: `${id}@example.com`, role: 'explorer', type: 'provider' });
      const [row] = await db
        .insert(verificationSessions)
        .values({
          provider_id: id,
          status: 'documents_submitted',
          submitted_at: new Date(Date.UTC(2001, 0, 1, 0, i)),
        })
        .returning();
      ids.push(row!.id);
    }
    const first = await queue('?status=awaiting&page=1');
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, ADMIN_PAGE_SIZE));
    expect(first.items[0]).toMatchObject({ status: 'documents_submitted', displayedStatus: 'in_review' });
    const second = await queue('?page=2');
    expect(second.items[0].id).toBe(ids[ADMIN_PAGE_SIZE]);
    expect(second.total).toBe(first.total);

    const decided = await submitted();
    expect((await decide(decided.sessionId, { decision: 'approve' })).statusCode).toBe(200);
    const awaiting = (await queue('?status=awaiting')).total;
    const all = await queue('?status=all&page=1');
    expect(all.total).toBeGreaterThan(awaiting);
    const approved = await queue('?status=admin_approved');
    expect(approved.items.map((i: { id: string }) => i.id)).toContain(decided.sessionId);
    expect(approved.items.every((i: { status: string }) => i.status === 'admin_approved')).toBe(true);
    const waiting = await queue('?status=documents_submitted');
    expect(waiting.total).toBe(ADMIN_PAGE_SIZE + 1);
    expect((await queue('?status=awaiting&page=99')).items).toEqual([]);

    for (const bad of ['?status=approved', '?page=0', '?page=x']) {
      const res = await call(t, 'GET', `/api/admin/verification${bad}`, admin.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows one session with the documents through working signed URLs; 404 for unknown ids', async () => {
    const { user, sessionId } = await submitted();
    const res = await call(t, 'GET', `/api/admin/verification/${sessionId}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: sessionId,
      provider: { id: user.id },
      review_note: null,
      reviewed_at: null,
    });
    expect(detail.documents.map((d: { document_type: string }) => d.document_type).sort()).toEqual([
      'back',
      'front',
      'selfie',
    ]);
    for (const doc of detail.documents) {
      const file = await t.app.inject({ method: 'GET', url: doc.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    }
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const missing = await call(t, 'GET', `/api/admin/verification/${id}`, admin.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('claims a session into review; the provider sees in review', async () => {
    const { user, sessionId } = await submitted();
    const res = await call(t, 'POST', `/api/admin/verification/${sessionId}/claim`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_review',
      displayedStatus: 'in_review',
      reviewer_id: admin.id,
    });
    const state = (await call(t, 'GET', '/api/verification', user.cookie)).json();
    expect(state).toMatchObject({ displayedStatus: 'in_review', canEdit: false });
    expect((await call(t, 'POST', `/api/admin/verification/${UNKNOWN}/claim`, admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('approves: session, documents, profile flags, audit row, notification and mail', async () => {
    const { user, sessionId } = await submitted('Abena Approved');
    await call(t, 'POST', `/api/admin/verification/${sessionId}/claim`, admin.cookie);
    const res = await decide(sessionId, { decision: 'approve', note: 'All clear' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: sessionId,
      status: 'admin_approved',
      displayedStatus: 'admin_approved',
      reviewer_id: admin.id,
      review_note: 'All clear',
      provider: { verified: true },
    });
    expect(res.json().reviewed_at).not.toBeNull();
    expect(res.json().documents.every((d: { status: string }) => d.status === 'approved')).toBe(true);

    expect(await profileOf(user.id)).toMatchObject({
      verified: true,
      id_verified: true,
      kyc_completed: true,
    });
    const docs = await t.database.db
      .select()
      .from(providerDocuments)
      .where(eq(providerDocuments.provider_id, user.id));
    expect(docs.map((d) => d.upload_status)).toEqual(['verified', 'verified', 'verified']);
    const ids = await t.database.db.select().from(idDocuments).where(eq(idDocuments.provider_id, user.id));
    expect(ids.map((d) => d.doc_status)).toEqual(['approved', 'approved', 'approved']);

    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, sessionId));
    const approval = audit.find((a) => a.action === 'verification.approve');
    expect(approval).toMatchObject({
      admin_id: admin.id,
      target_type: 'verification_session',
      details: { provider_id: user.id, note: 'All clear', previous_status: 'in_review' },
    });
    expect(audit.map((a) => a.action).sort()).toEqual(['verification.approve', 'verification.claim']);

    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.user_id, user.id));
    expect(note).toMatchObject({
      kind: 'verification',
      title: 'Identity verified',
      link: '/onboarding/verification',
    });
    expect(note!.body).toContain('All clear');

    const [mail] = await waitForMail(t, user.email, 'verification-approved');
    expect(mail!.subject).toBe('Your identity is verified');
    expect(linkIn(mail!.text_body).toString()).toBe('http://localhost:3000/onboarding/verification');
    expect(mail!.html_body).toContain('href="http://localhost:3000/onboarding/verification"');
    expect(mail!.dedupe_key).toBe(`verification-decision:${approval!.id}`);

    // The verified badge reaches the provider's own views and the admin's users list.
    const me = (await call(t, 'GET', '/api/me', user.cookie)).json();
    expect(me.profile).toMatchObject({ verified: true, id_verified: true, kyc_completed: true });
    const state = (await call(t, 'GET', '/api/verification', user.cookie)).json();
    expect(state).toMatchObject({ verified: true, displayedStatus: 'admin_approved', canEdit: false });
    const users = (
      await call(t, 'GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`, admin.cookie)
    ).json();
    expect(users.items).toEqual([expect.objectContaining({ id: user.id, verified: true })]);
    const listed = (await call(t, 'GET', '/api/notifications', user.cookie)).json();
    expect(listed).toMatchObject({ unread: 1, items: [{ title: 'Identity verified' }] });

    const upload = await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
    expect(upload.statusCode).toBe(409);
    expect(upload.json().error.message).toBe(DOCUMENT_MESSAGES.alreadyVerified);
  });

  it('rejects only with a note, and clears the verified flags', async () => {
    const { user, sessionId } = await submitted('Esi Rejected');
    await t.database.db
      .update(profiles)
      .set({ verified: true, id_verified: true, kyc_completed: true })
      .where(eq(profiles.id, user.id));
    for (const body of [{ decision: 'reject' }, { decision: 'reject', note: '   ' }]) {
      const res = await decide(sessionId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0]).toEqual({ field: 'note', message: REVIEW_NOTE_REQUIRED });
    }
    for (const body of [
      { decision: 'maybe' },
      { decision: 'approve', note: '<b>x</b>' },
      { decision: 'approve', x: 1 },
    ]) {
      expect((await decide(sessionId, body)).statusCode).toBe(400);
    }
    const session = await t.database.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, sessionId));
    expect(session[0]!.status).toBe('pending');

    const res = await decide(sessionId, { decision: 'reject', note: 'The selfie is blurred' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'admin_rejected', review_note: 'The selfie is blurred' });
    expect(await profileOf(user.id)).toMatchObject({
      verified: false,
      id_verified: false,
      kyc_completed: false,
    });
    const docs = await t.database.db
      .select()
      .from(providerDocuments)
      .where(eq(providerDocuments.provider_id, user.id));
    expect(docs.map((d) => d.upload_status)).toEqual(['rejected', 'rejected', 'rejected']);
    const ids = await t.database.db.select().from(idDocuments).where(eq(idDocuments.provider_id, user.id));
    expect(ids.map((d) => d.doc_status)).toEqual(['rejected', 'rejected', 'rejected']);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, sessionId));
    expect(audit).toMatchObject({
      action: 'verification.reject',
      details: { provider_id: user.id, note: 'The selfie is blurred', previous_status: 'pending' },
    });
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.user_id, user.id));
    expect(note).toMatchObject({ title: 'Verification needs attention', link: '/onboarding/verification' });
    expect(note!.body).toContain('The selfie is blurred');
    const [mail] = await waitForMail(t, user.email, 'verification-rejected');
    expect(mail!.text_body).toContain('The selfie is blurred');
    expect(linkIn(mail!.text_body).pathname).toBe('/onboarding/verification');

    // The provider may now replace documents and submit again.
    const state = (await call(t, 'GET', '/api/verification', user.cookie)).json();
    expect(state).toMatchObject({ displayedStatus: 'admin_rejected', canEdit: true, verified: false });
  });

  it('refuses a second decision with 409, also when two admins decide at once', async () => {
    const { sessionId } = await submitted();
    expect((await decide(sessionId, { decision: 'approve' })).statusCode).toBe(200);
    const again = await decide(sessionId, { decision: 'reject', note: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_DECIDED_MESSAGE });
    const claim = await call(t, 'POST', `/api/admin/verification/${sessionId}/claim`, admin.cookie);
    expect(claim.statusCode).toBe(409);
    expect((await decide(UNKNOWN, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide('nope', { decision: 'approve' })).statusCode).toBe(404);

    const second = await signUp(t, { name: 'Second Admin' });
    await makeAdmin(t, second.id);
    const race = await submitted();
    const answers = await Promise.all([
      decide(race.sessionId, { decision: 'approve' }),
      decide(race.sessionId, { decision: 'reject', note: 'Blurred' }, second.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, race.sessionId));
    expect(audit).toHaveLength(1);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, race.user.id));
    expect(note).toBeDefined();
    expect(
      (await t.database.db.select().from(notifications).where(eq(notifications.user_id, race.user.id)))
        .length,
    ).toBe(1);
  });

  it('lists admin actions newest first with the admin email', async () => {
    const { sessionId } = await submitted();
    await decide(sessionId, { decision: 'reject', note: 'Card number does not match' });
    const res = await call(t, 'GET', '/api/admin/audit', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(page.items[0]).toMatchObject({
      admin_id: admin.id,
      admin_email: admin.email,
      action: 'verification.reject',
      target_type: 'verification_session',
      target_id: sessionId,
      details: { note: 'Card number does not match', previous_status: 'pending' },
    });
    const times = page.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call(t, 'GET', '/api/admin/audit?page=0', admin.cookie)).statusCode).toBe(400);
  });
});

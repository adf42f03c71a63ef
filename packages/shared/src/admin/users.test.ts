import { describe, expect, it } from 'vitest';
import {
  ADMIN_USER_ACTIONS,
  ADMIN_USER_AUDIT_ACTIONS,
  ADMIN_USER_MESSAGES,
  type AdminActionFacts,
  type AdminUserActionInput,
  adminActionProblem,
  adminUserActionSchema,
  adminUsersQuerySchema,
} from './users.ts';

const REASON = 'Reported twice for no-shows';

function facts(
  target: Partial<AdminActionFacts['target']> = {},
  extra: Partial<Omit<AdminActionFacts, 'target'>> = {},
): AdminActionFacts {
  return {
    actorId: 'admin-1',
    target: { id: 'user-1', isAdmin: false, suspended: false, role: 'customer', ...target },
    adminCount: 2,
    ...extra,
  };
}

/** An action without its reason (each member of the union on its own). */
type Bare<T> = T extends unknown ? Omit<T, 'reason'> : never;
const act = (input: Bare<AdminUserActionInput>) => ({ ...input, reason: REASON }) as AdminUserActionInput;

describe('adminActionProblem', () => {
  it('change_role: refuses oneself, an admin, and the role already held (explorer counts as provider)', () => {
    const toProvider = act({ action: 'change_role', role: 'service_provider' });
    expect(adminActionProblem(toProvider, facts({ id: 'admin-1' }))).toBe(ADMIN_USER_MESSAGES.notYourself);
    expect(adminActionProblem(toProvider, facts({ isAdmin: true, role: 'admin' }))).toBe(
      ADMIN_USER_MESSAGES.adminRoleChange,
    );
    expect(adminActionProblem(toProvider, facts({ role: 'service_provider' }))).toBe(
      ADMIN_USER_MESSAGES.sameRole,
    );
    expect(adminActionProblem(toProvider, facts({ role: 'explorer' }))).toBe(ADMIN_USER_MESSAGES.sameRole);
    const toCustomer = act({ action: 'change_role', role: 'customer' });
    expect(adminActionProblem(toCustomer, facts({ role: 'customer' }))).toBe(ADMIN_USER_MESSAGES.sameRole);
    expect(adminActionProblem(toCustomer, facts({ role: 'explorer' }))).toBeNull();
    expect(adminActionProblem(toProvider, facts({ role: 'customer' }))).toBeNull();
  });

  it('grant_admin: refuses an admin, allows anyone else', () => {
    const grant = act({ action: 'grant_admin' });
    expect(adminActionProblem(grant, facts({ isAdmin: true }))).toBe(ADMIN_USER_MESSAGES.alreadyAdmin);
    expect(adminActionProblem(grant, facts())).toBeNull();
  });

  it('remove_admin: refuses a non-admin, the last admin (before oneself), and oneself', () => {
    const remove = act({ action: 'remove_admin' });
    expect(adminActionProblem(remove, facts())).toBe(ADMIN_USER_MESSAGES.notAdmin);
    expect(adminActionProblem(remove, facts({ isAdmin: true }, { adminCount: 1 }))).toBe(
      ADMIN_USER_MESSAGES.lastAdmin,
    );
    expect(adminActionProblem(remove, facts({ id: 'admin-1', isAdmin: true }, { adminCount: 1 }))).toBe(
      ADMIN_USER_MESSAGES.lastAdmin,
    );
    expect(adminActionProblem(remove, facts({ id: 'admin-1', isAdmin: true }))).toBe(
      ADMIN_USER_MESSAGES.notYourself,
    );
    expect(adminActionProblem(remove, facts({ isAdmin: true }))).toBeNull();
  });

  it('suspend: refuses oneself, the suspended, and the last admin', () => {
    const suspend = act({ action: 'suspend' });
    expect(adminActionProblem(suspend, facts({ id: 'admin-1' }))).toBe(ADMIN_USER_MESSAGES.notYourself);
    expect(adminActionProblem(suspend, facts({ suspended: true }))).toBe(
      ADMIN_USER_MESSAGES.alreadySuspended,
    );
    expect(adminActionProblem(suspend, facts({ isAdmin: true }, { adminCount: 1 }))).toBe(
      ADMIN_USER_MESSAGES.lastAdmin,
    );
    expect(adminActionProblem(suspend, facts({ isAdmin: true }))).toBeNull();
    expect(adminActionProblem(suspend, facts())).toBeNull();
  });

  it('reinstate: only the suspended', () => {
    const reinstate = act({ action: 'reinstate' });
    expect(adminActionProblem(reinstate, facts())).toBe(ADMIN_USER_MESSAGES.notSuspended);
    expect(adminActionProblem(reinstate, facts({ suspended: true }))).toBeNull();
  });

  it('force_password_reset: anyone but oneself (again is allowed: a new link)', () => {
    const reset = act({ action: 'force_password_reset' });
    expect(adminActionProblem(reset, facts({ id: 'admin-1' }))).toBe(ADMIN_USER_MESSAGES.notYourself);
    expect(adminActionProblem(reset, facts({ suspended: true }))).toBeNull();
  });

  it('every action has its audit name', () => {
    expect(Object.keys(ADMIN_USER_AUDIT_ACTIONS).sort()).toEqual([...ADMIN_USER_ACTIONS].sort());
    for (const action of ADMIN_USER_ACTIONS) expect(ADMIN_USER_AUDIT_ACTIONS[action]).toBe(`user.${action}`);
  });
});

describe('adminUserActionSchema', () => {
  const issues = (body: unknown) => {
    const parsed = adminUserActionSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    return parsed.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts each action with a trimmed reason', () => {
    for (const action of ADMIN_USER_ACTIONS) {
      const body =
        action === 'change_role'
          ? { action, role: 'customer', reason: `  ${REASON} ` }
          : { action, reason: REASON };
      const parsed = adminUserActionSchema.parse(body);
      expect(parsed).toMatchObject({ action, reason: REASON });
    }
  });

  it('names the reason when it is missing, short or long', () => {
    expect(issues({ action: 'suspend' })).toEqual([{ path: 'reason', message: 'Give a reason' }]);
    expect(issues({ action: 'suspend', reason: '  abcd  ' })).toEqual([
      { path: 'reason', message: 'Give a reason of at least 5 characters' },
    ]);
    expect(issues({ action: 'suspend', reason: 'x'.repeat(501) })).toEqual([
      { path: 'reason', message: 'Keep the reason under 500 characters' },
    ]);
  });

  it('refuses an unknown action, a role admin cannot set, and unknown fields', () => {
    expect(issues({ action: 'delete', reason: REASON })[0]).toEqual({
      path: 'action',
      message: 'Choose an action',
    });
    expect(issues({ action: 'change_role', role: 'admin', reason: REASON })).toEqual([
      { path: 'role', message: 'Choose customer or service_provider' },
    ]);
    expect(issues({ action: 'suspend', reason: REASON, until: 'tomorrow' })[0]!.path).toBe('');
  });
});

describe('adminUsersQuerySchema', () => {
  it('defaults the page, trims q and names a bad filter', () => {
    expect(adminUsersQuerySchema.parse({ q: '  024 412 3456 ' })).toEqual({ page: 1, q: '024 412 3456' });
    const bad = adminUsersQuerySchema.safeParse({
      role: 'owner',
      verification: 'maybe',
      status: 'gone',
      page: '0',
    });
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]))).toMatchObject({
      role: 'Choose admin, service_provider, explorer or customer',
      verification: 'Choose verified, in_review or unverified',
      status: 'Choose active or suspended',
      page: expect.any(String),
    });
  });
});

import {
  ADMIN_REASON_MAX,
  ADMIN_REASON_MIN,
  type AdminActionFacts,
  type AdminUserAction,
  type AdminUserActionInput,
  type AdminUserDetail,
  ASSIGNABLE_ROLES,
  type AssignableRole,
  adminActionProblem,
  adminUserActionSchema,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldMinus, ShieldPlus, UserCog, UserRoundCheck, UserRoundX } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Select, Textarea } from '../../../components/ui/field.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../auth/index.ts';
import { adminsQuery } from './api/admins.ts';
import { useAdminUserAction } from './api/users.ts';

export const ASSIGNABLE_ROLE_LABELS: Record<AssignableRole, string> = {
  customer: 'Customer',
  service_provider: 'Service provider',
};

interface ActionText {
  button: string;
  icon: ReactNode;
  title: (name: string) => string;
  description: string;
  confirm: string;
  done: string;
  variant: ButtonVariant;
}

export const ACTION_TEXT: Record<AdminUserAction, ActionText> = {
  change_role: {
    button: 'Change role',
    icon: <UserCog aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Change the role of ${name}`,
    description: 'The app follows the new role from their next page. Their data stays as it is.',
    confirm: 'Change role',
    done: 'Role changed',
    variant: 'primary',
  },
  grant_admin: {
    button: 'Grant admin',
    icon: <ShieldPlus aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Make ${name} an admin?`,
    description: 'They get every admin page and action, this one included.',
    confirm: 'Grant admin',
    done: 'Admin granted',
    variant: 'primary',
  },
  remove_admin: {
    button: 'Remove admin',
    icon: <ShieldMinus aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Remove admin from ${name}?`,
    description: 'They lose the admin pages at once.',
    confirm: 'Remove admin',
    done: 'Admin removed',
    variant: 'danger',
  },
  suspend: {
    button: 'Suspend',
    icon: <UserRoundX aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Suspend ${name}?`,
    description:
      'Every session ends at once, sign-in is refused and their services leave search. Their data is kept: reinstating brings it all back.',
    confirm: 'Suspend account',
    done: 'Account suspended',
    variant: 'danger',
  },
  reinstate: {
    button: 'Reinstate',
    icon: <UserRoundCheck aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Reinstate ${name}?`,
    description: 'They can sign in again and their services come back to search.',
    confirm: 'Reinstate account',
    done: 'Account reinstated',
    variant: 'primary',
  },
  force_password_reset: {
    button: 'Force password reset',
    icon: <KeyRound aria-hidden="true" className="h-4 w-4" />,
    title: (name) => `Force a password reset for ${name}?`,
    description:
      'Every session ends and we email them a reset link: they cannot sign in until they choose a new password.',
    confirm: 'Force password reset',
    done: 'Password reset required',
    variant: 'danger',
  },
};

/** The role change_role offers first: the one the user does not have. */
const otherRole = (role: string): AssignableRole => (role === 'customer' ? 'service_provider' : 'customer');

/** The input of an action (the reason left empty): what the client-side rule is asked about. */
function inputOf(action: AdminUserAction, role: AssignableRole, reason: string): AdminUserActionInput {
  return action === 'change_role' ? { action, role, reason } : { action, reason };
}

function ActionDialog({
  action,
  detail,
  facts,
  onClose,
}: {
  action: AdminUserAction;
  detail: AdminUserDetail;
  facts: AdminActionFacts;
  onClose: () => void;
}) {
  const text = ACTION_TEXT[action];
  const reasonId = useId();
  const roleId = useId();
  const [role, setRole] = useState<AssignableRole>(otherRole(detail.user.role));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useAdminUserAction(detail.user.id);
  const name = detail.user.name || detail.user.email;

  function submit() {
    const input = inputOf(action, role, reason);
    const parsed = adminUserActionSchema.safeParse(input);
    if (!parsed.success) {
      setReasonError(parsed.error.issues.find((i) => i.path[0] === 'reason')?.message);
      setProblem(parsed.error.issues.find((i) => i.path[0] !== 'reason')?.message ?? null);
      return;
    }
    setReasonError(undefined);
    const refused = adminActionProblem(parsed.data, facts);
    setProblem(refused);
    if (refused) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(text.done, { description: name });
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.reason) setReasonError(fields.reason);
        else setProblem(error.message);
      },
    });
  }

  const pending = mutation.isPending;
  return (
    <Dialog
      title={text.title(name)}
      description={text.description}
      onClose={() => (pending ? undefined : onClose())}
    >
      <form
        noValidate
        className="grid gap-4"
        aria-label={text.title(name)}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {action === 'change_role' && (
          <Field id={roleId} label="New role">
            {(c) => (
              <Select
                {...c}
                value={role}
                disabled={pending}
                onChange={(event) => {
                  setRole(event.target.value as AssignableRole);
                  setProblem(null);
                }}
              >
                {ASSIGNABLE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ASSIGNABLE_ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field
          id={reasonId}
          label="Reason"
          hint={`Kept in the audit log. ${ADMIN_REASON_MIN}–${ADMIN_REASON_MAX} characters (${reason.trim().length} now).`}
          error={reasonError}
        >
          {(c) => (
            <Textarea
              {...c}
              value={reason}
              required
              disabled={pending}
              className="min-h-24"
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(undefined);
              }}
            />
          )}
        </Field>
        {problem && (
          <Alert tone="danger" role="alert" title="Not done">
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={text.variant} busy={pending}>
            {text.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The account actions, each behind a dialog with a required reason. The rule the server enforces
 * (adminActionProblem) disables what it would refuse, and says why.
 */
export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { user: me } = useSession();
  const admins = useQuery(adminsQuery());
  const [open, setOpen] = useState<AdminUserAction | null>(null);
  const hintId = useId();
  const { user } = detail;
  const facts: AdminActionFacts = {
    actorId: me?.id ?? '',
    target: {
      id: user.id,
      isAdmin: user.isAdmin,
      suspended: user.status === 'suspended',
      role: user.role,
    },
    // Unknown until the list arrives: nothing is disabled for "last admin" then (the server decides).
    adminCount: admins.data?.length ?? Number.MAX_SAFE_INTEGER,
  };
  const shown: AdminUserAction[] = [
    'change_role',
    user.isAdmin ? 'remove_admin' : 'grant_admin',
    user.status === 'suspended' ? 'reinstate' : 'suspend',
    'force_password_reset',
  ];

  return (
    <>
      <ul className="grid gap-3">
        {shown.map((action) => {
          const problem = adminActionProblem(inputOf(action, otherRole(user.role), ''), facts);
          const text = ACTION_TEXT[action];
          return (
            <li key={action}>
              <Button
                variant="outline"
                className={`w-full justify-start ${text.variant === 'danger' && !problem ? 'text-danger' : ''}`}
                disabled={problem !== null}
                aria-describedby={problem ? `${hintId}-${action}` : undefined}
                onClick={() => setOpen(action)}
              >
                {text.icon}
                {text.button}
              </Button>
              {problem && (
                <p id={`${hintId}-${action}`} className="mt-1 px-1 text-xs text-muted-fg">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {open && <ActionDialog action={open} detail={detail} facts={facts} onClose={() => setOpen(null)} />}
    </>
  );
}

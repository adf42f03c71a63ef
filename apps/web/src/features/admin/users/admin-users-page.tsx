import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { RoleBadge } from '../../account/index.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  SearchForm,
  StatusFilter,
} from '../admin-ui.tsx';
import {
  type AdminUserRow,
  type AdminUsersFilter,
  adminUsersQuery,
  usersFilterFrom,
  usersFilterParams,
} from './api/users.ts';
import {
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  UserStatusBadge,
  VERIFICATION_OPTIONS,
  YesNo,
} from './user-labels.tsx';

export const userPath = (id: string) => buildPath(ROUTES.adminUserItem, { id });

const COLUMNS: Column<AdminUserRow>[] = [
  {
    header: 'Name',
    className: 'min-w-40',
    cell: (u) => (
      <Link
        to={userPath(u.id)}
        className="font-semibold text-fg underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline dark:hover:text-brand-500"
      >
        {u.name || u.email}
      </Link>
    ),
  },
  {
    header: 'Email',
    className: 'min-w-48',
    cell: (u) => <span className="[overflow-wrap:anywhere]">{u.email}</span>,
  },
  { header: 'Phone', cell: (u) => u.phone ?? <span className="text-muted-fg">—</span> },
  { header: 'Role', cell: (u) => <RoleBadge role={u.role} /> },
  {
    header: 'Verified',
    cell: (u) =>
      u.verified ? <VerifiedBadge label="Identity verified" /> : <YesNo value={false} no="Not verified" />,
  },
  { header: 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
  { header: 'Joined', cell: (u) => <time dateTime={u.created_at}>{formatDateTime(u.created_at)}</time> },
  {
    header: 'Open',
    className: 'text-right',
    cell: (u) => (
      <ButtonLink
        to={userPath(u.id)}
        variant="outline"
        size="sm"
        aria-label={`Open ${u.name || u.email}`}
        className="w-full md:w-auto"
      >
        View <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </ButtonLink>
    ),
  },
];

/** A user on a phone: name and email, the badges on one line, when they joined; the card opens them. */
function UserCard({ user: u }: { user: AdminUserRow }) {
  return (
    <div className="relative grid gap-2 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={userPath(u.id)}
            className="font-semibold text-fg [overflow-wrap:anywhere] after:absolute after:inset-0 after:content-['']"
          >
            {u.name || u.email}
          </Link>
          <p className="text-muted-fg [overflow-wrap:anywhere]">{u.email}</p>
          {u.phone && <p className="text-muted-fg">{u.phone}</p>}
        </div>
        <ChevronRight aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-muted-fg" />
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <RoleBadge role={u.role} />
        <UserStatusBadge status={u.status} />
        {u.verified ? (
          <VerifiedBadge label="Identity verified" />
        ) : (
          <span className="text-xs">
            <YesNo value={false} no="Not verified" />
          </span>
        )}
      </div>
      <p className="text-xs text-muted-fg">
        Joined <time dateTime={u.created_at}>{formatDateTime(u.created_at)}</time>
      </p>
    </div>
  );
}

/** /admin/users: every account; search and filters live in the address so a view can be shared. */
export function AdminUsersPage() {
  useDocumentTitle('Users · Admin');
  const [params, setParams] = useSearchParams();
  const filter = usersFilterFrom(params);
  const users = useQuery(adminUsersQuery(filter));
  const filtered = Boolean(filter.q || filter.role || filter.verification || filter.status);

  // A new filter starts again at page 1.
  const go = (next: Partial<AdminUsersFilter>) =>
    setParams(usersFilterParams({ ...filter, page: 1, ...next }));

  return (
    <div>
      <AdminPageHeader
        title="Users"
        lead="Everyone with an Adwuma account, newest first. Open someone to see their activity and act on the account."
      />
      <div className="mt-5 grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm lg:flex lg:flex-wrap lg:items-end">
        <SearchForm
          id="admin-user-search"
          formLabel="Search users"
          label="Name, email or phone"
          placeholder="Ama, ama@… or 024…"
          className="w-full lg:w-auto"
          inputClassName="lg:w-72 lg:flex-none"
          value={filter.q}
          onSearch={(q) => go({ q })}
        />
        <div className="grid gap-3 sm:grid-cols-3 lg:flex">
          <StatusFilter
            id="admin-user-role"
            label="Role"
            className="w-full lg:w-44"
            value={filter.role}
            options={ROLE_OPTIONS}
            onChange={(role) => go({ role })}
          />
          <StatusFilter
            id="admin-user-verification"
            label="Verification"
            className="w-full lg:w-44"
            value={filter.verification}
            options={VERIFICATION_OPTIONS}
            onChange={(verification) => go({ verification })}
          />
          <StatusFilter
            id="admin-user-status"
            label="Status"
            className="w-full lg:w-40"
            value={filter.status}
            options={STATUS_OPTIONS}
            onChange={(status) => go({ status })}
          />
        </div>
        {filtered && (
          <Button variant="ghost" className="self-end" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </Button>
        )}
      </div>
      <div className="mt-6">
        <PagedTable
          query={users}
          data={users.data}
          caption="Users"
          columns={COLUMNS}
          rowKey={(u) => u.id}
          empty={filtered ? 'No users match these filters.' : 'No users yet.'}
          onPage={(page) => go({ page })}
          card={(u) => <UserCard user={u} />}
        />
      </div>
    </div>
  );
}

import type { AdminUsersPage as UsersPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { RoleBadge } from '../account/index.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  TextFilterForm,
  useTextFilterParam,
} from './admin-ui.tsx';
import { adminUsersQuery } from './api/admin.ts';

type User = UsersPage['items'][number];

const COLUMNS: Column<User>[] = [
  {
    header: 'Name',
    cell: (u) => <span className="font-semibold">{u.name || '—'}</span>,
  },
  {
    header: 'Email',
    className: 'min-w-48',
    cell: (u) => <span className="[overflow-wrap:anywhere]">{u.email}</span>,
  },
  {
    header: 'Role',
    cell: (u) => (
      <span className="flex flex-wrap items-center gap-1">
        <RoleBadge role={u.role} />
        {u.verified && <VerifiedBadge />}
      </span>
    ),
  },
  {
    header: 'Email verified',
    cell: (u) =>
      u.emailVerified ? (
        <span className="inline-flex items-center gap-1 text-leaf-700 dark:text-green-300">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Yes
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-muted-fg">
          <XCircle aria-hidden="true" className="h-4 w-4" /> No
        </span>
      ),
  },
  { header: 'Joined', cell: (u) => <time dateTime={u.created_at}>{formatDateTime(u.created_at)}</time> },
];

/** /admin/users: every account, newest first, searchable by email or name. */
export function AdminUsersPage() {
  useDocumentTitle('Users · Admin');
  const filter = useTextFilterParam('q');
  const q = filter.value;
  const users = useQuery(adminUsersQuery(filter.page, q));

  return (
    <div>
      <AdminPageHeader title="Users" lead="Everyone with an Adwuma account, newest first.">
        <TextFilterForm
          filter={filter}
          id="admin-user-search"
          formLabel="Search users"
          label="Search users by email or name"
          placeholder="Email or name"
          button="Search"
        />
      </AdminPageHeader>
      <div className="mt-6">
        <PagedTable
          query={users}
          data={users.data}
          caption="Users"
          columns={COLUMNS}
          rowKey={(u) => u.id}
          empty={q ? `No users match “${q}”.` : 'No users yet.'}
          onPage={filter.onPage}
        />
      </div>
    </div>
  );
}

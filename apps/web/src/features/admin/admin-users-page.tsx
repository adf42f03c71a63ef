import type { AdminUsersPage as UsersPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Search, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { RoleBadge } from '../account/index.ts';
import { AdminPageHeader, type Column, formatDateTime, PagedTable, pageFrom } from './admin-ui.tsx';
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
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const users = useQuery(adminUsersQuery(page, q));

  function search(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    setParams(next);
  }

  return (
    <div>
      <AdminPageHeader title="Users" lead="Everyone with an Adwuma account, newest first.">
        <form aria-label="Search users" onSubmit={search} className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="admin-user-search" className="sr-only">
            Search users by email or name
          </label>
          <Input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Email or name"
            className="sm:w-64"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" className="h-4 w-4" />
            Search
          </Button>
        </form>
      </AdminPageHeader>
      <div className="mt-6">
        <PagedTable
          query={users}
          data={users.data}
          caption="Users"
          columns={COLUMNS}
          rowKey={(u) => u.id}
          empty={q ? `No users match “${q}”.` : 'No users yet.'}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      </div>
    </div>
  );
}

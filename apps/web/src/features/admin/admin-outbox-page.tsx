import type { AdminOutboxMail } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  TextFilterForm,
  useTextFilterParam,
} from './admin-ui.tsx';
import { adminOutboxQuery } from './api/admin.ts';

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text with its http(s) links clickable; nothing else becomes markup. */
export function MailText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-muted p-2 font-sans text-sm [overflow-wrap:anywhere] md:max-h-96 md:overflow-auto md:p-3">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={i}
            href={part}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

const COLUMNS: Column<AdminOutboxMail>[] = [
  { header: 'When', cell: (m) => <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time> },
  {
    header: 'To',
    className: 'min-w-48',
    cell: (m) => <span className="[overflow-wrap:anywhere]">{m.to}</span>,
  },
  {
    header: 'Subject',
    className: 'w-1/2 min-w-72',
    cell: (m) => (
      <details>
        <summary className="cursor-pointer font-semibold">{m.subject}</summary>
        {m.text ? (
          <MailText text={m.text} />
        ) : (
          <p className="mt-2 text-sm text-muted-fg">Sent through SMTP: its text is not kept here.</p>
        )}
      </details>
    ),
  },
  {
    header: 'Template',
    cell: (m) => (
      <span className="flex flex-wrap items-center gap-1">
        <span className="font-mono text-xs">{m.template}</span>
        {m.transport === 'smtp' && <Badge tone="leaf">sent</Badge>}
      </span>
    ),
  },
];

/** /admin/outbox: mail the app stored (without SMTP, the only way to reach reset and sign-up links). */
export function AdminOutboxPage() {
  useDocumentTitle('Outbox · Admin');
  const filter = useTextFilterParam('to');
  const to = filter.value;
  const mails = useQuery(adminOutboxQuery(filter.page, to));

  return (
    <div>
      <AdminPageHeader
        title="Outbox"
        lead="Mail the app has sent or stored, newest first. Without SMTP, reset and verification links are only here."
      >
        <TextFilterForm
          filter={filter}
          id="admin-outbox-to"
          formLabel="Filter mail"
          label="Filter by email address"
          placeholder="Email address"
          button="Filter"
        />
      </AdminPageHeader>
      <div className="mt-6">
        <PagedTable
          query={mails}
          data={mails.data}
          caption="Mail"
          columns={COLUMNS}
          rowKey={(m) => m.id}
          empty={to ? `No mail to addresses matching “${to}”.` : 'No mail yet.'}
          onPage={filter.onPage}
        />
      </div>
    </div>
  );
}

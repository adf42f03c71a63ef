import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Inbox, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Select } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type Column, WideTable } from '../../components/ui/wide-table.tsx';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

export function AdminPageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted-fg">{lead}</p>
      </div>
      {children}
    </div>
  );
}

export type { Column };

/**
 * A row of tabs that scrolls sideways (on a phone): keeps the current one (aria-current="page")
 * in view whenever `key` changes, so /admin/logs does not open with its tab off-screen. The
 * container must be positioned (`relative`) so offsets are measured from it.
 */
export function useActiveInView(ref: RefObject<HTMLElement | null>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the current tab changes (key)
  useLayoutEffect(() => {
    const row = ref.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const start = active.offsetLeft;
    const end = start + active.offsetWidth;
    if (start >= row.scrollLeft && end <= row.scrollLeft + row.clientWidth) return;
    row.scrollLeft = Math.max(0, start - (row.clientWidth - active.offsetWidth) / 2);
  }, [ref, key]);
}

/**
 * A table on wide screens; on phones each row is a card: `card` when given (a compact summary),
 * otherwise the row's label–value pairs.
 */
export function ResponsiveTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  card,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  card?: (row: T) => ReactNode;
}) {
  return (
    <>
      <WideTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowClassName="align-top hover:bg-muted/40"
      />
      <ul aria-label={caption} className="grid gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
            {card ? (
              card(row)
            ) : (
              <dl className="grid gap-2 text-sm">
                {columns.map((c) => (
                  <div key={c.header} className="grid grid-cols-[6.5rem_1fr] gap-2">
                    <dt className="pt-px text-xs font-semibold uppercase tracking-wider text-muted-fg">
                      {c.header}
                    </dt>
                    <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </div>
  );
}

export function EmptyRows({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-4 py-12 text-center text-muted-fg">
      <Inbox aria-hidden="true" className="h-8 w-8" />
      <p className="mt-3 font-medium">{children}</p>
    </div>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorScreen detail={error instanceof Error ? error.message : undefined} onRetry={onRetry} />;
}

/** Previous / next over pages of `pageSize`. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  // One page and on it: the count alone, no buttons that can never be pressed.
  const single = pages === 1 && page === 1;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-fg" aria-live="polite">
        {single
          ? `${total} ${total === 1 ? 'result' : 'results'}`
          : `${from}–${to} of ${total} · page ${page} of ${pages}`}
      </p>
      {!single && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages || busy}
            onClick={() => onPage(page + 1)}
          >
            Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}

/** One page of an admin list, as the server sends it. */
export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * An admin list in its four states: loading (skeleton), failed (error with retry), empty (`empty`),
 * and the rows with a pager. `data` is the page to show (the query's data, or a narrowed part of it).
 */
export function PagedTable<T>({
  query,
  data,
  caption,
  columns,
  rowKey,
  empty,
  onPage,
  card,
}: {
  query: UseQueryResult<unknown>;
  data: PageOf<T> | null | undefined;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  onPage: (page: number) => void;
  /** A compact phone card for a row, instead of every column as label–value pairs. */
  card?: (row: T) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data || data.items.length === 0) return <EmptyRows>{empty}</EmptyRows>;
  return (
    <>
      <ResponsiveTable caption={caption} columns={columns} rows={data.items} rowKey={rowKey} card={card} />
      <Pager
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        busy={query.isFetching}
        onPage={onPage}
      />
    </>
  );
}

/** The page number of the query (?page=), at least 1. */
export function pageFrom(params: URLSearchParams): number {
  const n = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** ?page= of the address, and a way to move to another page (which drops the other parameters). */
export function usePageParam(): { page: number; onPage: (page: number) => void } {
  const [params, setParams] = useSearchParams();
  return { page: pageFrom(params), onPage: (page) => setParams({ page: String(page) }) };
}

/**
 * A text filter kept in the address (?<name>=…&page=…): the applied value, the page, a draft for the
 * input, and the handlers the list and its form need. Applying a filter goes back to page 1; the
 * parameters named in `keep` (the list's other filters) stay.
 */
export function useTextFilterParam(name: string, { keep = [] }: { keep?: readonly string[] } = {}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const [draft, setDraft] = useState(value);
  return {
    value,
    page: pageFrom(params),
    draft,
    setDraft,
    apply(event: FormEvent) {
      event.preventDefault();
      const next = new URLSearchParams();
      for (const key of keep) {
        const kept = params.get(key);
        if (kept) next.set(key, kept);
      }
      if (draft.trim()) next.set(name, draft.trim());
      setParams(next);
    },
    onPage(page: number) {
      const next = new URLSearchParams(params);
      next.set('page', String(page));
      setParams(next);
    },
  };
}

/** The search form beside an admin list's title: a hidden label, the input and one button. */
export function TextFilterForm({
  filter,
  id,
  formLabel,
  label,
  placeholder,
  button,
}: {
  filter: ReturnType<typeof useTextFilterParam>;
  id: string;
  formLabel: string;
  label: string;
  placeholder: string;
  button: string;
}) {
  return (
    <form aria-label={formLabel} onSubmit={filter.apply} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={filter.draft}
        onChange={(e) => filter.setDraft(e.target.value)}
        placeholder={placeholder}
        className="sm:w-64"
      />
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" className="h-4 w-4" />
        {button}
      </Button>
    </form>
  );
}

/**
 * The search of a list whose filters live in the address: a visible label, the input and a button
 * (icon only on a phone). The text is a draft until submitted, and follows the applied `value` when
 * the address changes (Back, another tab, a cleared filter).
 */
export function SearchForm({
  id,
  formLabel,
  label,
  value,
  onSearch,
  placeholder,
  className,
  inputClassName,
}: {
  id: string;
  formLabel: string;
  label: ReactNode;
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
  /** The form's width. */
  className: string;
  /** The input's width beside the button. */
  inputClassName: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <form
      aria-label={formLabel}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          type="search"
          className={`min-w-0 flex-1 ${inputClassName}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={placeholder}
        />
        <Button type="submit" variant="outline" className="shrink-0 !px-3.5 sm:!px-5">
          <Search aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </div>
    </form>
  );
}

/** The "Show" filter of an admin queue (open, resolved, …), or another `label`: a labelled select. */
export function StatusFilter<T extends string>({
  id,
  value,
  options,
  onChange,
  label = 'Show',
  className = 'w-full sm:w-56',
}: {
  id: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  label?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {label}
      </label>
      <Select
        id={id}
        className="mt-1.5"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const LINK =
  'inline-flex min-h-11 items-center gap-1 rounded-full border border-border bg-card px-4 text-sm font-semibold hover:bg-muted';

/** Previous / "Page 2 of 7" / Next, as links: every page has its own shareable URL. */
export function Pagination({
  page,
  pages,
  hrefOf,
  text,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  /** The words in the page's language (issue 21); English when not given. */
  text?: { label: string; previous: string; next: string; page: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={text?.label ?? 'Pages'} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={LINK} rel="prev">
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> {text?.previous ?? 'Previous'}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-fg">{text?.page ?? `Page ${page} of ${pages}`}</span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} className={LINK} rel="next">
          {text?.next ?? 'Next'} <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

import { Search } from 'lucide-react';
import type { Ref } from 'react';

/** A big search box with a magnifier and a visually hidden label (search page, job board). */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  className = 'relative',
  ref,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  /** The wrapper's classes. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-fg"
      />
      <input
        ref={ref}
        id={id}
        type="search"
        enterKeyHint="search"
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="block min-h-12 w-full rounded-xl border border-border bg-card py-2.5 pl-11 pr-3 text-base text-fg placeholder:text-muted-fg/80 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
    </div>
  );
}

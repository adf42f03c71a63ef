import type { ReactNode } from 'react';

/** The top of a content page: a small eyebrow, the one h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  align = 'left',
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  align?: 'left' | 'center';
}) {
  const centered = align === 'center';
  return (
    <header
      className={`border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15 ${centered ? 'text-center' : ''}`}
    >
      <div
        className={`mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 ${centered ? 'flex flex-col items-center' : ''}`}
      >
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-fg sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {lead && <p className="mt-4 max-w-2xl text-base text-muted-fg sm:text-lg">{lead}</p>}
        {children && <div className="mt-6 w-full">{children}</div>}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  className = '',
}: {
  id?: string;
  title?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 ${className}`}
    >
      {title && (
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {title}
        </h2>
      )}
      {lead && <p className="mt-2 max-w-2xl text-muted-fg">{lead}</p>}
      <div className={title || lead ? 'mt-6 sm:mt-8' : ''}>{children}</div>
    </section>
  );
}

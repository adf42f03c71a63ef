import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';

/** The date both legal texts were last changed. */
export const LEGAL_UPDATED = '22 November 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long legal text: header, a contents list (sticky beside the text on wide screens), the sections. */
export function LegalDocument({
  eyebrow,
  title,
  updated,
  lead,
  sections,
}: {
  eyebrow: string;
  title: string;
  updated: string;
  lead: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
        <p className="text-sm text-muted-fg">Last updated {updated}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-fg">Contents</h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted-fg hover:text-fg hover:underline">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <Prose className="[&>section:first-child>h2]:mt-0">
          {sections.map((s, i) => (
            <section key={s.id} aria-labelledby={s.id}>
              <h2 id={s.id}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </Prose>
      </div>
    </>
  );
}

import { ChevronRight, Mail, MessageCircle, Search } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT } from '../../components/site/nav.ts';
import { AppLink } from '../../components/ui/button-link.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { AUDIENCES, searchHelpTopics } from './help-topics.ts';

export function HelpPage() {
  useDocumentTitle('Help centre');
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const topics = searchHelpTopics(text);
  const inputId = useId();

  return (
    <>
      <PageHeader
        eyebrow="Help centre"
        title="How can we help?"
        lead="Guides for customers and providers: booking, payments, verification, payouts and your account."
      >
        <search className="block max-w-2xl">
          <label htmlFor={inputId} className="sr-only">
            Search help articles
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-fg"
            />
            <input
              id={inputId}
              type="search"
              value={text}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.target.value) next.set('q', e.target.value);
                else next.delete('q');
                setParams(next, { replace: true, preventScrollReset: true });
              }}
              placeholder="e.g. payout, Ghana Card, refund"
              className="block min-h-13 w-full rounded-full border border-border bg-card py-3 pl-12 pr-4 text-base shadow-sm placeholder:text-muted-fg/80 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
        </search>
      </PageHeader>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="sr-only" aria-live="polite">
          {topics.length} articles
        </p>
        {topics.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-border p-8 text-center">
            <p className="font-semibold">No articles match “{text}”</p>
            <p className="mt-1 text-sm text-muted-fg">Try another word, or ask us directly below.</p>
          </div>
        ) : (
          <div className="grid gap-10 lg:grid-cols-3">
            {AUDIENCES.map((audience) => {
              const list = topics.filter((t) => t.audience === audience.id);
              if (list.length === 0) return null;
              return (
                <section key={audience.id} aria-labelledby={`help-${audience.id}`}>
                  <h2 id={`help-${audience.id}`} className="text-xl font-bold">
                    {audience.title}
                  </h2>
                  <p className="mt-1 text-sm text-muted-fg">{audience.lead}</p>
                  <ul className="mt-4 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
                    {list.map((topic) => (
                      <li key={topic.slug}>
                        <AppLink
                          to={buildPath(ROUTES.helpTopic, { topic: topic.slug })}
                          className="group flex items-center gap-3 px-4 py-4 hover:bg-muted/60"
                        >
                          <span className="flex-1">
                            <span className="block font-semibold group-hover:underline">{topic.title}</span>
                            <span className="mt-0.5 block text-sm text-muted-fg">{topic.summary}</span>
                          </span>
                          <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-muted-fg" />
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}

        <StillNeedHelp />
      </div>
    </>
  );
}

export function StillNeedHelp() {
  return (
    <aside className="mt-14 flex flex-col gap-4 rounded-2xl bg-muted/70 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-bold">Still need help?</h2>
        <p className="text-sm text-muted-fg">Our team in Accra answers Monday to Saturday.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={CONTACT.whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-leaf-600 px-5 text-sm font-semibold text-white hover:bg-leaf-700"
        >
          <MessageCircle aria-hidden="true" className="h-4 w-4" /> WhatsApp
        </a>
        <a
          href={`mailto:${CONTACT.email}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-5 text-sm font-semibold hover:bg-muted"
        >
          <Mail aria-hidden="true" className="h-4 w-4" /> Email us
        </a>
        <AppLink
          to={ROUTES.contact}
          className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold underline"
        >
          All contact options
        </AppLink>
      </div>
    </aside>
  );
}

import { ArrowLeft } from 'lucide-react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { AppLink } from '../../components/ui/button-link.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { StillNeedHelp } from './help-page.tsx';
import { AUDIENCES, findHelpTopic, HELP_TOPICS, type HelpBlock } from './help-topics.ts';

/** An unknown topic is a 404 answer, which the route error screen shows as the not-found page. */
export function helpArticleLoader({ params }: LoaderFunctionArgs) {
  const topic = findHelpTopic(params.topic);
  if (!topic) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return topic;
}

function Block({ block }: { block: HelpBlock }) {
  if ('h' in block) return <h2>{block.h}</h2>;
  if ('ul' in block)
    return (
      <ul>
        {block.ul.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ('ol' in block)
    return (
      <ol>
        {block.ol.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    );
  return <p>{block.p}</p>;
}

export function HelpArticlePage() {
  const topic = useLoaderData<typeof helpArticleLoader>();
  useDocumentTitle(topic.title);
  const audience = AUDIENCES.find((a) => a.id === topic.audience);
  const related = HELP_TOPICS.filter((t) => t.audience === topic.audience && t.slug !== topic.slug);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <AppLink
          to={ROUTES.help}
          className="inline-flex items-center gap-1 font-medium text-muted-fg hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Help centre
        </AppLink>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <article>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
            {audience?.title}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{topic.title}</h1>
          <p className="mt-3 text-lg text-muted-fg">{topic.summary}</p>
          <Prose className="mt-4">
            {topic.blocks.map((block, i) => (
              // Blocks are static content in a fixed order.
              // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
              <Block key={i} block={block} />
            ))}
          </Prose>
        </article>
        {related.length > 0 && (
          <aside aria-labelledby="related-title" className="lg:pt-16">
            <h2 id="related-title" className="text-sm font-semibold uppercase tracking-wide text-muted-fg">
              Related articles
            </h2>
            <ul className="mt-3 space-y-2">
              {related.map((t) => (
                <li key={t.slug}>
                  <AppLink
                    to={buildPath(ROUTES.helpTopic, { topic: t.slug })}
                    className="block rounded-xl border border-border bg-card px-4 py-3 text-sm font-medium shadow-sm hover:bg-muted/60"
                  >
                    {t.title}
                  </AppLink>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
      <StillNeedHelp />
    </div>
  );
}

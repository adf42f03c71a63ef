import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Icon, title and a sentence, in a responsive grid. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureItem[]; columns?: 2 | 3 | 4 }) {
  const cols = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-4 ${cols}`}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <h3 className="mt-4 font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-muted-fg">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, vertical on phones, in a row on wide screens. */
export function StepList({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-border bg-card p-5 shadow-sm">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 font-semibold">{step.title}</h3>
          <p className="mt-1 text-sm text-muted-fg">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A closing call to action band. */
export function CtaBand({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
      <div className="rounded-3xl bg-brand-700 px-6 py-10 text-white sm:px-10 md:flex md:items-center md:justify-between md:gap-8">
        <div>
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
          <p className="mt-2 max-w-xl text-white/85">{text}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row md:mt-0 md:shrink-0">{children}</div>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Spec 2 "Auth flow full-screen states": 'Setting Up Your Account', 'Connecting with Google...'. */
export function FullScreenState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-bg/95 px-4 backdrop-blur-sm">
      <div role="status" aria-live="polite" className="flex max-w-sm flex-col items-center text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
          <Spinner className="h-8 w-8" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {children && <div className="mt-2 text-muted-fg">{children}</div>}
      </div>
    </div>
  );
}

import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';

/** A centred card for full-area states (loading, errors, not found). */
export function ScreenShell({
  icon,
  title,
  children,
  actions,
  fullScreen = false,
  role,
  tone = 'neutral',
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Fill the viewport (used outside the site layout, e.g. a global crash). */
  fullScreen?: boolean;
  role?: 'alert' | 'status';
  tone?: 'neutral' | 'danger';
}) {
  return (
    <div
      className={`flex w-full items-center justify-center px-4 py-12 ${fullScreen ? 'min-h-dvh bg-bg' : 'min-h-[60vh]'}`}
    >
      <div
        role={role}
        className="w-full max-w-md rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-8"
      >
        {icon && (
          <div
            className={`mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full ${tone === 'danger' ? 'bg-danger/10 text-danger' : 'bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500'}`}
          >
            {icon}
          </div>
        )}
        <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">{title}</h1>
        {children && <div className="mt-2 text-sm text-muted-fg sm:text-base">{children}</div>}
        {actions && <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** A full-screen failure whose only way on is reloading the page (global crash, critical error). */
export function ReloadScreen({
  icon,
  title,
  message,
  reload,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  /** The reload button's label. */
  reload: string;
}) {
  return (
    <ScreenShell
      fullScreen
      role="alert"
      tone="danger"
      icon={icon}
      title={title}
      actions={
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> {reload}
        </Button>
      }
    >
      <p>{message}</p>
    </ScreenShell>
  );
}

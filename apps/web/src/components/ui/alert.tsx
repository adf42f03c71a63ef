import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  info: { icon: Info, className: 'border-border bg-muted/60 text-fg' },
  success: { icon: CheckCircle2, className: 'border-leaf-600/30 bg-leaf-600/10 text-fg' },
  danger: { icon: AlertTriangle, className: 'border-danger/40 bg-danger/10 text-fg' },
} as const;

export function Alert({
  tone = 'info',
  title,
  children,
  role,
  className = '',
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const { icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div role={role} className={`flex gap-3 rounded-xl border p-4 text-sm ${toneClass} ${className}`}>
      <Icon
        aria-hidden="true"
        className={`mt-0.5 h-5 w-5 shrink-0 ${tone === 'danger' ? 'text-danger' : tone === 'success' ? 'text-leaf-600' : 'text-muted-fg'}`}
      />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1 text-muted-fg' : ''}>{children}</div>}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

const TONES = {
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
  leaf: 'bg-leaf-600/10 text-leaf-700 dark:bg-leaf-600/25 dark:text-green-200',
  neutral: 'bg-muted text-muted-fg',
  danger: 'bg-danger/10 text-danger',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = 'brand',
  className = '',
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

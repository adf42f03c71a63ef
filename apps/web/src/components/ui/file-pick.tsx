import { type ReactNode, useRef } from 'react';

/** A file input styled as a big button; the label is its name. */
export function FilePick({
  label,
  icon,
  accept,
  capture,
  onFile,
  disabled,
  variant = 'outline',
  describedBy,
  className = '',
}: {
  label: string;
  icon: ReactNode;
  accept: string;
  capture?: 'user' | 'environment';
  onFile: (file: File) => void;
  disabled?: boolean;
  variant?: 'primary' | 'outline';
  describedBy?: string;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const tone =
    variant === 'primary'
      ? 'bg-brand-600 text-white hover:bg-brand-700'
      : 'border border-border bg-card text-fg hover:bg-muted';
  return (
    <label
      className={`relative inline-flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${tone} ${disabled ? 'pointer-events-none opacity-60' : ''} ${className}`}
    >
      <input
        ref={ref}
        type="file"
        accept={accept}
        capture={capture}
        className="sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen twice in a row still counts as a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {icon}
      {label}
    </label>
  );
}

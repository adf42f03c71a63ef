export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-extrabold tracking-tight text-fg ${className}`}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="h-8 w-8">
        <rect width="64" height="64" rx="14" fill="#b45309" />
        <path d="M18 46 30 16h4l12 30h-6l-3-8H27l-3 8zm11-13h6l-3-9z" fill="#fff" />
        <circle cx="48" cy="16" r="5" fill="#16a34a" />
      </svg>
      <span className="text-xl">Adwuma</span>
    </span>
  );
}

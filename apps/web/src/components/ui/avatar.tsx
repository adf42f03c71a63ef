import { useDataSaver } from '../../lib/data-saver.ts';

/** Initials of a name (or an email), at most two letters. */
export function initialsOf(nameOrEmail: string): string {
  const words =
    nameOrEmail
      .split('@')[0]
      ?.split(/[\s._-]+/)
      .filter(Boolean) ?? [];
  const letters = words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * A round picture, or the initials on the brand colour when there is none (or the data saver is on:
 * a face is not worth the data on a prepaid plan).
 */
export function Avatar({
  src,
  name,
  className = 'h-9 w-9 text-sm',
}: {
  src?: string | null;
  name: string;
  className?: string;
}) {
  const saver = useDataSaver();
  if (src && !saver) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * The bar of a file upload: 0–100 %, and "checking" once every byte is sent (the server still
 * scans and stores the file). The visible percentage is the caller's (layouts differ).
 */
export function UploadProgress({
  percent,
  label,
  checking,
  className = 'h-2 w-full overflow-hidden rounded-full bg-muted',
}: {
  percent: number;
  /** The accessible name, e.g. "Uploading photo". */
  label: string;
  /** Announced at 100 %. */
  checking: string;
  /** The track's classes. */
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={percent >= 100 ? checking : `${percent}%`}
      className={className}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

import { IMAGE_ACCEPT, imageFileProblem, JOB_LIMITS } from '@adwuma/shared';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useJobsText } from '../i18n.ts';

/**
 * Photos chosen before the job exists: checked as the server will (type, size, count) and shown as
 * previews; they are uploaded once the job is posted.
 */
export function PhotoPicker({
  files,
  onChange,
  max = JOB_LIMITS.photosMax,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  max?: number;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useJobsText();
  const previews = useMemo(
    () =>
      files.map((file) => ({
        file,
        url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
      })),
    [files],
  );
  useEffect(
    () => () => {
      for (const p of previews) if (p.url) URL.revokeObjectURL(p.url);
    },
    [previews],
  );

  const add = (chosen: FileList | null) => {
    if (!chosen) return;
    const next = [...files];
    let problem: string | null = null;
    for (const file of Array.from(chosen)) {
      const reason = imageFileProblem(file);
      if (reason) {
        problem = `${file.name}: ${reason}`;
        continue;
      }
      const same = (f: File) =>
        f.name === file.name && f.size === file.size && f.lastModified === file.lastModified;
      if (next.some(same)) continue;
      if (next.length >= max) {
        problem = t('photos.atMost', { max });
        break;
      }
      next.push(file);
    }
    setError(problem);
    onChange(next);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div>
      <p className="text-sm font-semibold text-fg">
        {t('photoGrid.label')} <span className="font-normal text-muted-fg">{t('photoGrid.optional')}</span>
      </p>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted-fg">
        {t('photos.hint', { max })}
      </p>
      <ul aria-label={t('photoGrid.chosen')} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {previews.map(({ file, url }, i) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`} className="relative">
            {url ? (
              <img
                src={url}
                alt={file.name}
                className="aspect-square w-full rounded-xl border border-border object-cover"
              />
            ) : (
              <span className="flex aspect-square w-full items-center justify-center rounded-xl border border-border bg-muted p-1 text-center text-xs">
                {file.name}
              </span>
            )}
            <button
              type="button"
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              aria-label={t('photos.remove', { name: file.name })}
              className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        ))}
        {files.length < max && (
          <li>
            <label
              htmlFor={`${id}-input`}
              className="flex aspect-square w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-border bg-card text-sm font-semibold text-brand-700 hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:text-brand-500"
            >
              <ImagePlus aria-hidden="true" className="h-6 w-6" />
              {t('photos.add')}
              <input
                ref={inputRef}
                id={`${id}-input`}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                className="sr-only"
                onChange={(e) => add(e.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

import type { Job } from '@adwuma/shared';
import { Trash2 } from 'lucide-react';
import { useJobsText } from '../i18n.ts';

type JobPhoto = Job['photos'][number];

/** The job's photos as thumbnails, each opening the full picture; the owner may remove them. */
export function PhotoGrid({
  photos,
  title,
  onRemove,
  removing,
}: {
  photos: JobPhoto[];
  title: string;
  onRemove?: (photo: JobPhoto) => void;
  removing?: string | null;
}) {
  const { t } = useJobsText();
  if (photos.length === 0) return null;
  return (
    <ul aria-label={t('photoGrid.label')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo, i) => (
        <li key={photo.id} className="relative">
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-xl border border-border bg-muted"
          >
            <img
              src={photo.thumb_url}
              alt={t('photoGrid.alt', { title, n: i + 1, total: photos.length })}
              loading="lazy"
              decoding="async"
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              className="aspect-square h-auto w-full object-cover"
            />
          </a>
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(photo)}
              disabled={removing === photo.id}
              aria-label={t('photoGrid.remove', { n: i + 1 })}
              className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

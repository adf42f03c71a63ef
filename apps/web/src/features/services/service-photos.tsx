import {
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  imageFileProblem,
  SERVICE_LIMITS,
  type Service,
  type ServicePhoto,
} from '@adwuma/shared';
import { Camera, ChevronLeft, ChevronRight, ImagePlus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FilePick } from '../../components/ui/file-pick.tsx';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { isUploadAbort } from '../../lib/upload.ts';
import {
  uploadServicePhoto,
  useApplyServiceChange,
  useRemoveServicePhoto,
  useReorderServicePhotos,
} from './api/service-photos.ts';

const MAX = SERVICE_LIMITS.photosMax;

export const PHOTOS_TEXT = {
  title: 'Photos',
  hint: `Show your work: up to ${MAX} photos, the first one leads. JPEG, PNG or WebP, up to 10 MB. Each photo is saved as soon as it is added.`,
  count: (n: number) => `${n} of ${MAX}`,
  take: 'Take photo',
  choose: 'Add photo',
  cover: 'Cover',
  cancel: 'Cancel upload',
  uploading: 'Uploading photo',
  checking: 'Preparing the photo…',
  full: `That is ${MAX} photos, the most a service can have. Remove one to add another.`,
  none: 'No photos yet. Services with photos of real work get more enquiries.',
  saveFirst: 'Save the service first, then add photos of your work here.',
  added: 'Photo added',
  removed: 'Photo removed',
  alt: (title: string, n: number, count: number) => `${title}, example ${n} of ${count}`,
  moveLeft: (n: number) => `Move photo ${n} earlier`,
  moveRight: (n: number) => `Move photo ${n} later`,
  remove: (n: number) => `Remove photo ${n}`,
} as const;

interface Uploading {
  progress: number;
  preview: string | null;
  controller: AbortController;
}

/** The server's reason for a refused upload (a 4xx with its message), else the generic message. */
function uploadError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return IMAGE_MESSAGES.tooLarge;
    if (error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR') return error.message;
    if (error.code === 'NETWORK_ERROR') return error.message;
  }
  return IMAGE_MESSAGES.uploadFailed;
}

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-fg hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40';

function PhotoTile({
  photo,
  index,
  count,
  title,
  disabled,
  onMove,
  onRemove,
}: {
  photo: ServicePhoto;
  index: number;
  count: number;
  title: string;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="relative aspect-[4/3] bg-muted">
        <a href={photo.url} target="_blank" rel="noreferrer" className="block h-full w-full">
          <img
            src={photo.thumb_url}
            alt={PHOTOS_TEXT.alt(title, n, count)}
            loading="lazy"
            decoding="async"
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            className="h-full w-full object-cover"
          />
        </a>
        {index === 0 && (
          <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
            {PHOTOS_TEXT.cover}
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-1 px-1 py-1">
        <div className="flex">
          <button
            type="button"
            className={iconButton}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
            aria-label={PHOTOS_TEXT.moveLeft(n)}
            title={PHOTOS_TEXT.moveLeft(n)}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
            aria-label={PHOTOS_TEXT.moveRight(n)}
            title={PHOTOS_TEXT.moveRight(n)}
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <button
          type="button"
          className={`${iconButton} text-danger hover:bg-danger/10`}
          disabled={disabled}
          onClick={onRemove}
          aria-label={PHOTOS_TEXT.remove(n)}
          title={PHOTOS_TEXT.remove(n)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}

/**
 * The photos of a saved service on /post-service: add (camera on phones, or a file), see the
 * upload's progress, remove, and move earlier or later. Each change is saved at once; the first
 * photo leads on the public profile.
 */
export function ServicePhotos({ service }: { service: Service }) {
  const uid = useId();
  const apply = useApplyServiceChange();
  const remove = useRemoveServicePhoto();
  const reorder = useReorderServicePhotos();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // An upload still running when the service is closed is cancelled.
      controllerRef.current?.abort();
    };
  }, []);

  useEffect(
    () => () => {
      if (uploading?.preview) URL.revokeObjectURL(uploading.preview);
    },
    [uploading?.preview],
  );

  const photos = service.photos;
  const busy = uploading !== null || remove.isPending || reorder.isPending;
  const full = photos.length >= MAX;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const describedBy = error ? `${errorId} ${hintId}` : hintId;

  async function upload(file: File) {
    if (busy || full) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const controller = new AbortController();
    controllerRef.current = controller;
    const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setUploading({ progress: 0, preview, controller });
    try {
      const saved = await uploadServicePhoto(service.id, file, {
        signal: controller.signal,
        onProgress: (progress) => setUploading((u) => (u ? { ...u, progress } : u)),
      });
      await apply(saved);
      toast.success(PHOTOS_TEXT.added);
    } catch (failure) {
      if (isUploadAbort(failure)) return;
      if (mounted.current) setError(uploadError(failure));
    } finally {
      controllerRef.current = null;
      if (mounted.current) setUploading(null);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setError(null);
    reorder.mutate(
      { serviceId: service.id, photoIds: ids },
      { onError: (failure) => setError(failure.message) },
    );
  };

  const removePhoto = (photo: ServicePhoto) => {
    setError(null);
    remove.mutate(
      { serviceId: service.id, photoId: photo.id },
      {
        onSuccess: () => toast.success(PHOTOS_TEXT.removed),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const percent = uploading ? Math.round(uploading.progress * 100) : 0;

  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={`${uid}-title`} className="font-semibold">
          {PHOTOS_TEXT.title}
        </h3>
        <span className="text-sm text-muted-fg">{PHOTOS_TEXT.count(photos.length)}</span>
      </div>
      <p id={hintId} className="-mt-2 text-sm text-muted-fg">
        {PHOTOS_TEXT.hint}
      </p>

      {photos.length > 0 || uploading ? (
        <ul aria-labelledby={`${uid}-title`} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              title={service.title}
              disabled={busy}
              onMove={(by) => move(index, by)}
              onRemove={() => removePhoto(photo)}
            />
          ))}
          {uploading && (
            <li className="overflow-hidden rounded-xl border border-dashed border-brand-500 bg-card">
              <div className="relative flex aspect-[4/3] items-center justify-center bg-muted">
                {uploading.preview && (
                  <img
                    src={uploading.preview}
                    alt=""
                    className="absolute inset-0 h-full w-full object-cover opacity-50"
                  />
                )}
                <div className="relative w-3/4">
                  <UploadProgress
                    percent={percent}
                    label={PHOTOS_TEXT.uploading}
                    checking={PHOTOS_TEXT.checking}
                    className="h-2 w-full overflow-hidden rounded-full bg-card/80"
                  />
                  <p aria-hidden="true" className="mt-1 text-center text-xs font-semibold text-fg">
                    {percent >= 100 ? PHOTOS_TEXT.checking : `${percent}%`}
                  </p>
                </div>
              </div>
              <div className="flex justify-center px-1 py-1">
                <button
                  type="button"
                  onClick={() => uploading.controller.abort()}
                  className="inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-xs font-semibold text-muted-fg hover:bg-muted hover:text-fg"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                  {PHOTOS_TEXT.cancel}
                </button>
              </div>
            </li>
          )}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-fg">
          {PHOTOS_TEXT.none}
        </p>
      )}

      {full ? (
        <p className="text-sm text-muted-fg">{PHOTOS_TEXT.full}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <FilePick
            label={PHOTOS_TEXT.take}
            icon={<Camera aria-hidden="true" className="h-5 w-5" />}
            accept="image/*"
            capture="environment"
            onFile={(file) => void upload(file)}
            disabled={busy}
            variant="primary"
            describedBy={describedBy}
            className="sm:hidden"
          />
          <FilePick
            label={PHOTOS_TEXT.choose}
            icon={<ImagePlus aria-hidden="true" className="h-5 w-5" />}
            accept={IMAGE_ACCEPT}
            onFile={(file) => void upload(file)}
            disabled={busy}
            describedBy={describedBy}
            className="sm:flex-none"
          />
        </div>
      )}

      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

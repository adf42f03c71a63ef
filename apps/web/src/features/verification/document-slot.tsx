import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  type ProviderDocument,
} from '@adwuma/shared';
import { Camera, FileText, ImageOff, RefreshCw, Trash2, Upload, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FilePick } from '../../components/ui/file-pick.tsx';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { toast } from '../../lib/toast.ts';
import { isUploadAbort } from '../../lib/upload.ts';
import { removeDocument } from './api/remove-document.ts';
import {
  DOCUMENT_ACCEPT,
  documentProblem,
  uploadDocument,
  uploadFailureReason,
} from './api/upload-document.ts';
import { DocumentStatusBadge } from './status-badges.tsx';

export const DOCUMENT_HINTS: Record<DocumentType, string> = {
  front: 'The side with your photo. Lay it flat, all four corners in view, no glare.',
  back: 'The side with the machine-readable lines. All four corners in view.',
  selfie: 'Hold your card next to your face, in good light. No hat or sunglasses.',
};

export const SLOT_TEXT = {
  takePhoto: 'Take photo',
  chooseFile: 'Choose file',
  replace: 'Replace',
  remove: 'Remove',
  cancel: 'Cancel upload',
  drop: 'or drop a file here',
  formats: 'JPEG, PNG, WebP or PDF, up to 10 MB',
} as const;

const SIZE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / (1024 * 1024))} MB`;
}

const isPdf = (mime: string) => mime === 'application/pdf';

interface Uploading {
  name: string;
  progress: number;
  preview: string | null;
  controller: AbortController;
}

function Preview({ document, label }: { document: ProviderDocument; label: string }) {
  const [broken, setBroken] = useState(false);
  if (isPdf(document.mime_type)) {
    return (
      <a
        href={document.url}
        target="_blank"
        rel="noreferrer"
        className="flex h-20 w-20 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border border-border bg-muted text-xs font-semibold text-fg hover:border-brand-500"
      >
        <FileText aria-hidden="true" className="h-7 w-7 text-brand-700 dark:text-brand-500" />
        PDF
        <span className="sr-only">: open {label} in a new tab</span>
      </a>
    );
  }
  if (broken) {
    return (
      <span className="flex h-20 w-20 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border border-border bg-muted p-1 text-center text-[11px] text-muted-fg">
        <ImageOff aria-hidden="true" className="h-6 w-6" />
        No preview
      </span>
    );
  }
  return (
    <a href={document.url} target="_blank" rel="noreferrer" className="shrink-0">
      <img
        src={document.url}
        alt={`${label} preview`}
        onError={() => setBroken(true)}
        className="h-20 w-20 rounded-xl border border-border bg-muted object-cover"
      />
    </a>
  );
}

/**
 * One of the three documents: drop a file on it, take a photo, or choose a file; see the upload's
 * progress, then the preview with Replace and Remove. Checks run before anything is sent.
 */
export function DocumentSlot({
  type,
  document,
  canEdit,
  onUploaded,
  onRemoved,
}: {
  type: DocumentType;
  document: ProviderDocument | undefined;
  canEdit: boolean;
  onUploaded: (document: ProviderDocument) => void;
  onRemoved: (id: string) => void;
}) {
  const uid = useId();
  const label = DOCUMENT_TYPE_LABELS[type];
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(
    () => () => {
      if (uploading?.preview) URL.revokeObjectURL(uploading.preview);
    },
    [uploading?.preview],
  );

  // An upload still running when the step is left is cancelled.
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  async function upload(file: File) {
    if (uploading || !canEdit) return;
    const problem = documentProblem(file);
    if (problem) {
      setError(problem);
      toast.error(DOCUMENT_MESSAGES.uploadFailedBecause(problem));
      return;
    }
    setError(null);
    const controller = new AbortController();
    controllerRef.current = controller;
    const preview =
      file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null;
    setUploading({ name: file.name, progress: 0, preview, controller });
    try {
      const saved = await uploadDocument(type, file, {
        signal: controller.signal,
        onProgress: (progress) => setUploading((u) => (u ? { ...u, progress } : u)),
      });
      onUploaded(saved);
      toast.success(DOCUMENT_MESSAGES.uploaded);
    } catch (failure) {
      if (isUploadAbort(failure)) return;
      const reason = uploadFailureReason(failure);
      if (mounted.current) setError(reason ?? DOCUMENT_MESSAGES.uploadFailed);
      toast.error(reason ? DOCUMENT_MESSAGES.uploadFailedBecause(reason) : DOCUMENT_MESSAGES.uploadFailed);
    } finally {
      controllerRef.current = null;
      if (mounted.current) setUploading(null);
    }
  }

  async function remove() {
    if (!document) return;
    setRemoving(true);
    try {
      await removeDocument(document.id);
      setAsking(false);
      onRemoved(document.id);
      toast.success(DOCUMENT_MESSAGES.removed);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : DOCUMENT_MESSAGES.uploadFailed;
      setAsking(false);
      setError(message);
      toast.error(message);
    } finally {
      if (mounted.current) setRemoving(false);
    }
  }

  const droppable = canEdit && !uploading;
  const onDragOver = (event: DragEvent) => {
    if (!droppable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!droppable) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file) void upload(file);
  };

  const status = uploading ? 'uploading' : (document?.status ?? 'missing');
  const percent = uploading ? Math.round(uploading.progress * 100) : 0;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const describedBy = error ? `${errorId} ${hintId}` : hintId;
  const isSelfie = type === 'selfie';

  return (
    <section
      aria-labelledby={`${uid}-title`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-2xl border bg-card p-4 shadow-sm transition-colors ${
        dragging
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/30 dark:bg-brand-800/20'
          : 'border-border'
      } ${error ? 'border-danger/60' : ''}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${uid}-title`} className="font-semibold text-fg">
            {label}
          </h3>
          <p id={hintId} className="mt-0.5 text-xs text-muted-fg">
            {DOCUMENT_HINTS[type]}
          </p>
        </div>
        <DocumentStatusBadge status={status} />
      </div>

      {uploading ? (
        <div className="mt-4 flex items-center gap-3">
          {uploading.preview ? (
            <img
              src={uploading.preview}
              alt=""
              className="h-20 w-20 shrink-0 rounded-xl border border-border object-cover opacity-70"
            />
          ) : (
            <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl border border-border bg-muted">
              <FileText aria-hidden="true" className="h-7 w-7 text-muted-fg" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{uploading.name}</p>
            <UploadProgress
              percent={percent}
              label={`Uploading ${label}`}
              checking="Checking the file"
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
            />
            <div className="mt-1 flex items-center justify-between gap-2">
              <p className="text-xs text-muted-fg" aria-hidden="true">
                {percent >= 100 ? 'Checking the file…' : `${percent}%`}
              </p>
              <button
                type="button"
                onClick={() => uploading.controller.abort()}
                className="-mr-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-xs font-semibold text-muted-fg hover:text-fg"
              >
                <X aria-hidden="true" className="h-4 w-4" />
                {SLOT_TEXT.cancel}
              </button>
            </div>
          </div>
        </div>
      ) : document ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Preview document={document} label={label} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg" title={document.filename}>
              {document.filename}
            </p>
            <p className="mt-0.5 text-xs text-muted-fg">
              {isPdf(document.mime_type) ? 'PDF' : 'Image'} · {formatBytes(document.file_size)}
            </p>
          </div>
          {canEdit && (
            <div className="flex w-full gap-2 sm:w-auto">
              <FilePick
                label={SLOT_TEXT.replace}
                icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
                accept={DOCUMENT_ACCEPT}
                onFile={(file) => void upload(file)}
                describedBy={describedBy}
              />
              <Button
                variant="ghost"
                className="min-h-12 flex-1 text-danger hover:bg-danger/10 sm:flex-none"
                onClick={() => setAsking(true)}
                aria-label={`${SLOT_TEXT.remove} ${label}`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {SLOT_TEXT.remove}
              </Button>
            </div>
          )}
        </div>
      ) : canEdit ? (
        <div className="mt-4 rounded-xl border border-dashed border-border bg-muted/40 p-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <FilePick
              label={SLOT_TEXT.takePhoto}
              icon={<Camera aria-hidden="true" className="h-5 w-5" />}
              accept="image/*"
              capture={isSelfie ? 'user' : 'environment'}
              onFile={(file) => void upload(file)}
              variant="primary"
              describedBy={describedBy}
            />
            <FilePick
              label={SLOT_TEXT.chooseFile}
              icon={<Upload aria-hidden="true" className="h-5 w-5" />}
              accept={DOCUMENT_ACCEPT}
              onFile={(file) => void upload(file)}
              describedBy={describedBy}
            />
          </div>
          <p className="mt-2 text-center text-xs text-muted-fg">
            <span className="hidden sm:inline">{SLOT_TEXT.drop} · </span>
            {SLOT_TEXT.formats}
          </p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-fg">No document.</p>
      )}

      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}

      {asking && document && (
        <Dialog
          title={`Remove “${label}”?`}
          description="You will need to upload it again before you can submit for review."
          onClose={() => (removing ? undefined : setAsking(false))}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={removing}>
              Keep it
            </Button>
            <Button variant="danger" busy={removing} onClick={() => void remove()}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove document
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

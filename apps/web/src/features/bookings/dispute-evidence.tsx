import { DISPUTE_LIMITS } from '@adwuma/shared';
import { Camera, FileText, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FilePick } from '../../components/ui/file-pick.tsx';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { toast } from '../../lib/toast.ts';
import { isUploadAbort } from '../../lib/upload.ts';
import { DOCUMENT_ACCEPT, documentProblem, uploadFailureReason } from '../verification/index.ts';
import {
  type DisputeFile,
  uploadDisputeEvidence,
  useApplyDispute,
  useDispute,
} from './api/dispute-evidence.ts';
import { useBookingsText } from './i18n.ts';

const MAX = DISPUTE_LIMITS.photosMax;

function EvidenceItem({ file, n }: { file: DisputeFile; n: number }) {
  const { t } = useBookingsText();
  if (file.content_type.startsWith('image/')) {
    return (
      <li className="overflow-hidden rounded-xl border border-border bg-muted">
        <a href={file.url} target="_blank" rel="noreferrer" className="block aspect-square">
          <img
            src={file.url}
            alt={t('evidence.photo', { n })}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        </a>
      </li>
    );
  }
  return (
    <li className="rounded-xl border border-border bg-card">
      <a
        href={file.url}
        target="_blank"
        rel="noreferrer"
        className="flex aspect-square flex-col items-center justify-center gap-2 p-2 text-center text-sm font-semibold hover:bg-muted"
      >
        <FileText aria-hidden="true" className="h-8 w-8 text-brand-600" />
        {t('evidence.document', { n })}
      </a>
    </li>
  );
}

interface Uploading {
  progress: number;
  controller: AbortController;
}

/**
 * The evidence of an open dispute, for both parties of the booking: the files so far (photos as
 * thumbnails, PDFs as links, through signed URLs) and a picker that uploads one file at a time with
 * its progress. The server refuses once the dispute is resolved or full; its reason is shown.
 */
export function DisputeEvidence({ disputeId }: { disputeId: string }) {
  const uid = useId();
  const { t } = useBookingsText();
  const query = useDispute(disputeId);
  const apply = useApplyDispute();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controllerRef.current?.abort();
    };
  }, []);

  const dispute = query.data;
  const files = dispute?.photos ?? [];
  const open = dispute?.status === 'open';
  const full = files.length >= MAX;
  const titleId = `${uid}-title`;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const describedBy = error ? `${errorId} ${hintId}` : hintId;

  async function upload(file: File) {
    if (uploading || full || !open) return;
    const problem = documentProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const controller = new AbortController();
    controllerRef.current = controller;
    setUploading({ progress: 0, controller });
    try {
      const saved = await uploadDisputeEvidence(disputeId, file, {
        signal: controller.signal,
        onProgress: (progress) => setUploading((u) => (u ? { ...u, progress } : u)),
      });
      apply(saved);
      toast.success(t('evidence.added'));
    } catch (failure) {
      if (isUploadAbort(failure)) return;
      if (mounted.current) setError(uploadFailureReason(failure) ?? t('evidence.uploadFailed'));
    } finally {
      controllerRef.current = null;
      if (mounted.current) setUploading(null);
    }
  }

  const percent = uploading ? Math.round(uploading.progress * 100) : 0;

  return (
    <section aria-labelledby={titleId} className="mt-3 grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={titleId} className="font-semibold">
          {t('evidence.title')}
        </h3>
        {dispute && (
          <span className="text-sm text-muted-fg">{t('evidence.count', { n: files.length, max: MAX })}</span>
        )}
      </div>
      <p id={hintId} className="-mt-2 text-sm text-muted-fg">
        {t('evidence.hint', { max: MAX })}
      </p>

      {query.isPending ? (
        <p className="text-sm text-muted-fg" role="status">
          {t('evidence.loading')}
        </p>
      ) : query.isError ? (
        <p className="text-sm" role="alert">
          {t('evidence.loadFailed')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            {t('evidence.retry')}
          </button>
        </p>
      ) : files.length > 0 ? (
        <ul aria-labelledby={titleId} className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {files.map((file, index) => (
            <EvidenceItem key={file.id} file={file} n={index + 1} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-3 text-sm text-muted-fg">
          {t('evidence.none')}
        </p>
      )}

      {uploading && (
        <div className="grid gap-1">
          <UploadProgress
            percent={percent}
            label={t('evidence.uploading')}
            checking={t('evidence.checking')}
          />
          <div className="flex items-center justify-between text-xs font-semibold">
            <span aria-hidden="true">{percent >= 100 ? t('evidence.checking') : `${percent}%`}</span>
            <button
              type="button"
              onClick={() => uploading.controller.abort()}
              className="inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-muted-fg hover:bg-muted hover:text-fg"
            >
              <X aria-hidden="true" className="h-4 w-4" />
              {t('evidence.cancel')}
            </button>
          </div>
        </div>
      )}

      {open &&
        (full ? (
          <p className="text-sm text-muted-fg">{t('evidence.full', { max: MAX })}</p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            {/* On phones, straight to the camera; `capture` would hide PDFs, so it is a second picker. */}
            <FilePick
              label={t('evidence.take')}
              icon={<Camera aria-hidden="true" className="h-5 w-5" />}
              accept="image/*"
              capture="environment"
              onFile={(file) => void upload(file)}
              disabled={uploading !== null}
              describedBy={describedBy}
              className="sm:hidden"
            />
            <FilePick
              label={t('evidence.add')}
              icon={<Paperclip aria-hidden="true" className="h-5 w-5" />}
              accept={DOCUMENT_ACCEPT}
              onFile={(file) => void upload(file)}
              disabled={uploading !== null}
              describedBy={describedBy}
              className="sm:flex-none"
            />
          </div>
        ))}

      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </section>
  );
}

import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { AVATAR_TYPES, avatarProblem, useUpdateProfile, useUploadAvatar } from './api/profile.ts';

export const AVATAR_TEXT = {
  choose: 'Change photo',
  add: 'Add a photo',
  remove: 'Remove',
  uploaded: 'Profile photo updated',
  removed: 'Profile photo removed',
  failed: 'Your photo was not uploaded',
  hint: 'JPEG, PNG or WebP, at most 2 MB.',
} as const;

/** The profile picture: choose a file, see it at once, upload it (spec 3 avatar_url). */
export function AvatarField({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const update = useUpdateProfile();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    const why = avatarProblem(file);
    setProblem(why);
    if (why) return;
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setPreview(url);
    try {
      await upload.mutateAsync(file);
      toast.success(AVATAR_TEXT.uploaded);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again.';
      setProblem(message);
      toast.error(AVATAR_TEXT.failed, { description: message });
    } finally {
      setPreview(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setProblem(null);
    try {
      await update.mutateAsync({ avatar_url: null });
      toast.success(AVATAR_TEXT.removed);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Please try again.');
    }
  }

  const shown = preview ?? avatarUrl;
  const busy = upload.isPending || update.isPending;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar src={shown} name={name} className="h-24 w-24 text-3xl ring-4 ring-card" />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40 text-white">
            <Spinner className="h-7 w-7" label="Uploading" />
          </span>
        )}
      </div>
      <div className="text-center sm:text-left">
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <label
            className={`inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-sm font-semibold text-fg hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            <input
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              aria-describedby={hintId}
              onChange={(event) => void onFile(event.target.files?.[0])}
              disabled={busy}
            />
            <Camera aria-hidden="true" className="h-4 w-4" />
            {avatarUrl ? AVATAR_TEXT.choose : AVATAR_TEXT.add}
          </label>
          {avatarUrl && (
            <Button variant="ghost" size="sm" onClick={remove} disabled={busy}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {AVATAR_TEXT.remove}
            </Button>
          )}
        </div>
        <p id={hintId} className="mt-2 text-xs text-muted-fg">
          {AVATAR_TEXT.hint}
        </p>
        {problem && (
          <p role="alert" className="mt-1 text-sm font-medium text-danger">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

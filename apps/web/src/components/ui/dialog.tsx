import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it and the
 * page behind is inert. Rendered only while open.
 */
export function Dialog({
  title,
  description,
  children,
  onClose,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; Escape closes natively (cancel event)
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-card p-0 text-fg shadow-xl backdrop:bg-black/50 backdrop:backdrop-blur-sm"
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="relative p-6 sm:p-7">
        <button
          type="button"
          onClick={() => onCloseRef.current()}
          className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
          aria-label="Close"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold tracking-tight">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-muted-fg">
            {description}
          </div>
        )}
        <div className="mt-5">{children}</div>
      </div>
    </dialog>
  );
}

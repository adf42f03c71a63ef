import { ServerCrash } from 'lucide-react';
import { ReloadScreen } from './screen-shell.tsx';

export const CRITICAL_ERROR_TEXT = {
  title: 'Adwuma could not start',
  message: 'A critical error stopped the page from loading. Refreshing usually fixes it.',
  refresh: 'Refresh Page',
} as const;

/** Spec 2: a fatal render failure shows a critical error screen with 'Refresh Page'. */
export function CriticalErrorScreen() {
  return (
    <ReloadScreen
      icon={<ServerCrash aria-hidden="true" className="h-7 w-7" />}
      title={CRITICAL_ERROR_TEXT.title}
      message={CRITICAL_ERROR_TEXT.message}
      reload={CRITICAL_ERROR_TEXT.refresh}
    />
  );
}

/**
 * The last resort when React itself cannot render: plain DOM, no framework, no inline script (the
 * CSP forbids it), so it works even when the app bundle is broken.
 */
export function renderStaticCriticalError(container: HTMLElement): void {
  const wrap = document.createElement('div');
  wrap.setAttribute('role', 'alert');
  wrap.style.cssText =
    'min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;font-family:system-ui,sans-serif;text-align:center';
  const inner = document.createElement('div');
  inner.style.maxWidth = '28rem';
  const h1 = document.createElement('h1');
  h1.textContent = CRITICAL_ERROR_TEXT.title;
  h1.style.cssText = 'font-size:1.5rem;margin:0 0 8px';
  const p = document.createElement('p');
  p.textContent = CRITICAL_ERROR_TEXT.message;
  p.style.cssText = 'margin:0 0 20px;opacity:.8';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = CRITICAL_ERROR_TEXT.refresh;
  button.style.cssText =
    'background:#b45309;color:#fff;border:0;border-radius:999px;padding:12px 24px;font-weight:600;font-size:1rem;cursor:pointer';
  button.addEventListener('click', () => window.location.reload());
  inner.append(h1, p, button);
  wrap.append(inner);
  container.replaceChildren(wrap);
}

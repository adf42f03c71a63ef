import { SANDBOX_MESSAGES } from '@adwuma/shared';
import { FlaskConical } from 'lucide-react';

/** The sandbox checkout's mark on every screen: this is a test, no real money moves. */
export function TestModeBand() {
  return (
    <div
      role="note"
      aria-label={SANDBOX_MESSAGES.testMode}
      className="border-y-4 border-stone-900 bg-amber-400 text-stone-900 [background-image:repeating-linear-gradient(135deg,transparent_0_14px,rgb(0_0_0/0.06)_14px_28px)]"
    >
      <div className="mx-auto flex max-w-md items-center gap-3 px-4 py-3">
        <FlaskConical aria-hidden="true" className="h-6 w-6 shrink-0" />
        <div>
          <p className="text-lg font-black uppercase tracking-[0.2em]">{SANDBOX_MESSAGES.testMode}</p>
          <p className="text-sm font-medium">{SANDBOX_MESSAGES.testModeNote}</p>
        </div>
      </div>
    </div>
  );
}

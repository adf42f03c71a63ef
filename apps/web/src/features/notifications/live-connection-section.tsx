import type { ServerFrame } from '@adwuma/shared';
import { Gauge } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { type RealtimeState, type ReceivedFrame, realtime } from '../../lib/realtime.ts';
import { useRealtimeState } from '../realtime/index.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';

const STATE: Record<RealtimeState, { label: string; tone: BadgeTone }> = {
  open: { label: 'Connected', tone: 'leaf' },
  connecting: { label: 'Connecting', tone: 'brand' },
  reconnecting: { label: 'Reconnecting', tone: 'brand' },
  offline: { label: 'Offline', tone: 'danger' },
  idle: { label: 'Not connected', tone: 'neutral' },
};

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const SINCE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** A frame in a few words: its type and what it carried. */
export function describeFrame(frame: ServerFrame): { type: string; summary: string } {
  switch (frame.type) {
    case 'event': {
      const e = frame.event;
      const type = `${e.type} #${frame.seq}`;
      if (e.type === 'notification') return { type, summary: e.notification.title };
      if (e.type === 'message')
        return {
          type,
          summary: e.message.attachment ? 'A photo' : e.message.body.slice(0, 80) || 'A message',
        };
      if (e.type === 'read') return { type, summary: `Read up to message ${e.seq}` };
      return { type, summary: 'A conversation changed' };
    }
    case 'ready':
      return { type: 'ready', summary: `Live from event ${frame.seq}` };
    case 'reset':
      return { type: 'reset', summary: 'Missed too much: everything was reloaded' };
    case 'typing':
      return { type: 'typing', summary: 'Someone is typing' };
    case 'pong':
      return { type: 'pong', summary: 'Answer to a ping' };
    case 'error':
      return { type: 'error', summary: frame.message };
    default:
      return { type: 'frame', summary: '' };
  }
}

let cachedFrames: ReceivedFrame[] = [];
let cachedNewest: ReceivedFrame | undefined;

/** realtime.recent newest first; the same array until a frame arrives (a stable snapshot). */
function readFrames(): ReceivedFrame[] {
  const newest = realtime.recent.at(-1);
  if (newest !== cachedNewest || cachedFrames.length !== realtime.recent.length) {
    cachedNewest = newest;
    cachedFrames = [...realtime.recent].reverse();
  }
  return cachedFrames;
}
const subscribeFrames = (listener: () => void) => realtime.onFrame(listener);

/** The last frames received, newest first (re-rendered as they arrive). */
function useRecentFrames(): ReceivedFrame[] {
  return useSyncExternalStore(subscribeFrames, readFrames, readFrames);
}

/** The WebSocket: state, round trip, since when, and what came in last. */
export function LiveConnectionSection() {
  const live = useRealtimeState();
  const frames = useRecentFrames();
  const [pingRefused, setPingRefused] = useState(false);
  const state = STATE[live.state];
  const measure = () => setPingRefused(!realtime.ping());

  return (
    <DiagnosticsSection
      id="live"
      title="Live connection"
      lead="New messages and notifications arrive over this connection without reloading."
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="rounded-xl bg-muted/60 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">State</dt>
          <dd className="mt-1">
            <Badge tone={state.tone}>{state.label}</Badge>
          </dd>
        </div>
        <div className="rounded-xl bg-muted/60 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Latency</dt>
          <dd className="mt-1 text-sm font-semibold text-fg">
            {live.latencyMs === null ? '—' : `${live.latencyMs} ms`}
          </dd>
        </div>
        <div className="rounded-xl bg-muted/60 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Connected since</dt>
          <dd className="mt-1 text-sm font-semibold text-fg">
            {live.connectedAt === null ? '—' : SINCE.format(live.connectedAt)}
          </dd>
        </div>
        <div className="rounded-xl bg-muted/60 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Last event</dt>
          <dd className="mt-1 text-sm font-semibold text-fg">
            {live.lastSeq < 0 ? '—' : `#${live.lastSeq}`}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={measure}>
          <Gauge aria-hidden="true" className="h-4 w-4" />
          Measure
        </Button>
        <p aria-live="polite" className="text-sm text-muted-fg">
          {pingRefused ? 'Not connected: latency can be measured once the connection is open.' : ''}
        </p>
      </div>

      <h3 className="mt-6 text-sm font-semibold text-fg">Last received</h3>
      {frames.length === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-fg">
          Nothing received yet on this page.
        </p>
      ) : (
        <ol
          aria-label="Last received"
          className="mt-2 divide-y divide-border rounded-xl border border-border"
        >
          {frames.map(({ at, frame }, index) => {
            const { type, summary } = describeFrame(frame);
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: frames have no id; the list is rebuilt as a whole
                key={`${at}-${index}`}
                className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-0.5 px-3 py-2 text-sm sm:grid-cols-[5rem_10rem_minmax(0,1fr)]"
              >
                <time dateTime={new Date(at).toISOString()} className="tabular-nums text-muted-fg">
                  {TIME.format(at)}
                </time>
                <span className="font-mono text-xs leading-5 text-fg">{type}</span>
                <span className="col-span-2 truncate text-muted-fg sm:col-span-1">{summary}</span>
              </li>
            );
          })}
        </ol>
      )}
    </DiagnosticsSection>
  );
}

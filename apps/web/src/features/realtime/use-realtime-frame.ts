import type { ServerFrame } from '@adwuma/shared';
import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/realtime.ts';

/**
 * Calls `listener` with every realtime frame of `type` while the component is mounted (the admin
 * live feed listens to 'activity'). The connection itself is the bridge's: this only listens.
 */
export function useRealtimeFrame<T extends ServerFrame['type']>(
  type: T,
  listener: (frame: Extract<ServerFrame, { type: T }>) => void,
): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => realtime.onFrameOf(type, (frame) => latest.current(frame)), [type]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { pushKeys, pushSubscriptionsQuery } from './api/push.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';
import { type DeviceState, disablePush, enablePush, readDeviceState } from './push-device.ts';

export const DEVICE_TEXT = {
  title: 'This device',
  lead: 'Push notifications reach this browser even when Adwuma is closed.',
  enable: 'Enable push on this device',
  disable: 'Turn off push on this device',
  enabled: 'Push is on for this device',
  disabled: 'Push is off for this device',
  unsupported: (missing: string[]) =>
    `This browser can’t receive push notifications (it has no ${missing.join(', ')}). Try an up-to-date Chrome, Edge or Firefox, or add Adwuma to your home screen on iPhone.`,
} as const;

const PERMISSION: Record<DeviceState['permission'], { label: string; tone: BadgeTone }> = {
  granted: { label: 'Allowed', tone: 'leaf' },
  denied: { label: 'Blocked', tone: 'danger' },
  default: { label: 'Not asked yet', tone: 'neutral' },
  unsupported: { label: 'Not supported', tone: 'neutral' },
};

const WORKER: Record<DeviceState['worker'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'leaf' },
  registered: { label: 'Registered (starting)', tone: 'brand' },
  none: { label: 'Not registered', tone: 'neutral' },
  unsupported: { label: 'Not supported', tone: 'neutral' },
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-2.5 last:border-b-0">
      <dt className="text-sm text-muted-fg">{label}</dt>
      <dd className="text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** Permission, service worker and push subscription of this browser, with on/off. */
export function DeviceSection() {
  const queryClient = useQueryClient();
  const device = useQuery({
    queryKey: pushKeys.device,
    queryFn: readDeviceState,
    staleTime: 0,
    retry: false,
  });
  const account = useQuery(pushSubscriptionsQuery());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pushKeys.device });
    void queryClient.invalidateQueries({ queryKey: pushKeys.account });
  };
  const enable = useMutation({
    mutationFn: enablePush,
    onSuccess: () => toast.success(DEVICE_TEXT.enabled),
    onError: (error) => toast.error('Push could not be turned on', { description: message(error) }),
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: disablePush,
    onSuccess: () => toast.success(DEVICE_TEXT.disabled),
    onError: (error) => toast.error('Push could not be turned off', { description: message(error) }),
    onSettled: refresh,
  });

  const state = device.data;
  const count = account.data?.subscriptions;
  const permission = PERMISSION[state?.permission ?? 'unsupported'];
  const worker = WORKER[state?.worker ?? 'unsupported'];

  return (
    <DiagnosticsSection id="device" title={DEVICE_TEXT.title} lead={DEVICE_TEXT.lead}>
      {device.isPending ? (
        <p role="status" className="text-sm text-muted-fg">
          Checking this browser…
        </p>
      ) : (
        <>
          {state && !state.supported && (
            <Alert tone="info" className="mb-4">
              {DEVICE_TEXT.unsupported(state.missing)}
            </Alert>
          )}
          <dl>
            <Fact label="Notification permission">
              <Badge tone={permission.tone}>{permission.label}</Badge>
            </Fact>
            <Fact label="Service worker">
              <Badge tone={worker.tone}>{worker.label}</Badge>
            </Fact>
            <Fact label="Push on this browser">
              <Badge tone={state?.subscribed ? 'leaf' : 'neutral'}>
                {state?.subscribed ? 'Subscribed' : 'Not subscribed'}
              </Badge>
            </Fact>
            <Fact label="Devices with push on your account">
              {count === undefined ? (account.isError ? 'Unknown' : '…') : count}
            </Fact>
          </dl>
          {state?.permission === 'denied' && (
            <p className="mt-3 text-sm text-muted-fg">
              Notifications are blocked for Adwuma in this browser. Allow them in the site settings (the icon
              beside the address), then enable push again.
            </p>
          )}
          {state?.supported && (
            <div className="mt-4 flex flex-wrap gap-2">
              {/* Subscribed here but unknown to the server (count 0): enabling saves it again. */}
              {(!state.subscribed || count === 0) && (
                <Button
                  busy={enable.isPending}
                  disabled={state.permission === 'denied'}
                  onClick={() => enable.mutate()}
                >
                  <BellRing aria-hidden="true" className="h-4 w-4" />
                  {DEVICE_TEXT.enable}
                </Button>
              )}
              {state.subscribed && (
                <Button variant="outline" busy={disable.isPending} onClick={() => disable.mutate()}>
                  <BellOff aria-hidden="true" className="h-4 w-4" />
                  {DEVICE_TEXT.disable}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </DiagnosticsSection>
  );
}

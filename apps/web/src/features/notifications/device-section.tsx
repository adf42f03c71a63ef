import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { textOf } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { pushKeys, pushSubscriptionsQuery } from './api/push.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';
import { useNotificationsText } from './i18n.ts';
import { type DeviceState, disablePush, enablePush, readDeviceState } from './push-device.ts';

const PERMISSION: Record<DeviceState['permission'], BadgeTone> = {
  granted: 'leaf',
  denied: 'danger',
  default: 'neutral',
  unsupported: 'neutral',
};

const WORKER: Record<DeviceState['worker'], BadgeTone> = {
  active: 'leaf',
  registered: 'brand',
  none: 'neutral',
  unsupported: 'neutral',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-2.5 last:border-b-0">
      <dt className="text-sm text-muted-fg">{label}</dt>
      <dd className="text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

const message = (error: unknown) =>
  error instanceof Error ? error.message : textOf('notifications')('inbox.tryAgainLater');

/** Permission, service worker and push subscription of this browser, with on/off. */
export function DeviceSection() {
  const { t } = useNotificationsText();
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
    onSuccess: () => toast.success(textOf('notifications')('device.enabled')),
    onError: (error) =>
      toast.error(textOf('notifications')('device.enableFailed'), { description: message(error) }),
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: disablePush,
    onSuccess: () => toast.success(textOf('notifications')('device.disabled')),
    onError: (error) =>
      toast.error(textOf('notifications')('device.disableFailed'), { description: message(error) }),
    onSettled: refresh,
  });

  const state = device.data;
  const count = account.data?.subscriptions;
  const permission = state?.permission ?? 'unsupported';
  const worker = state?.worker ?? 'unsupported';

  return (
    <DiagnosticsSection id="device" title={t('device.title')} lead={t('device.lead')}>
      {device.isPending ? (
        <p role="status" className="text-sm text-muted-fg">
          {t('device.checking')}
        </p>
      ) : (
        <>
          {state && !state.supported && (
            <Alert tone="info" className="mb-4">
              {t('device.unsupported', { missing: state.missing.join(', ') })}
            </Alert>
          )}
          <dl>
            <Fact label={t('device.permission')}>
              <Badge tone={PERMISSION[permission]}>{t(`device.permissions.${permission}`)}</Badge>
            </Fact>
            <Fact label={t('device.worker')}>
              <Badge tone={WORKER[worker]}>{t(`device.workers.${worker}`)}</Badge>
            </Fact>
            <Fact label={t('device.push')}>
              <Badge tone={state?.subscribed ? 'leaf' : 'neutral'}>
                {state?.subscribed ? t('device.subscribed') : t('device.notSubscribed')}
              </Badge>
            </Fact>
            <Fact label={t('device.devices')}>
              {count === undefined ? (account.isError ? t('device.unknown') : '…') : count}
            </Fact>
          </dl>
          {state?.permission === 'denied' && (
            <p className="mt-3 text-sm text-muted-fg">{t('device.blocked')}</p>
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
                  {t('device.enable')}
                </Button>
              )}
              {state.subscribed && (
                <Button variant="outline" busy={disable.isPending} onClick={() => disable.mutate()}>
                  <BellOff aria-hidden="true" className="h-4 w-4" />
                  {t('device.disable')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </DiagnosticsSection>
  );
}

import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import {
  NOTICE_MAIL_QUEUE,
  NOTICE_PUSH_QUEUE,
  NOTICE_SMS_QUEUE,
  sendNoticeMail,
  sendNoticePush,
  sendNoticeSms,
} from './notify.ts';

export const notificationJobs: FeatureJobs<Deps> = [
  {
    queue: NOTICE_MAIL_QUEUE,
    handler: (deps, { notificationId }: { notificationId: string }) => sendNoticeMail(deps, notificationId),
  },
  {
    queue: NOTICE_PUSH_QUEUE,
    handler: (deps, { notificationId }: { notificationId: string }) => sendNoticePush(deps, notificationId),
  },
  {
    queue: NOTICE_SMS_QUEUE,
    handler: async (deps, { notificationId }: { notificationId: string }) => {
      await sendNoticeSms(deps, notificationId);
    },
  },
];

import type { App } from '../../types.ts';
import { attachmentRoutes } from './attachment-routes.ts';
import { registerMessageMail } from './message-mail.ts';
import { reportRoutes } from './report-routes.ts';
import { safetyRoutes } from './safety-routes.ts';

/** Photos, search, blocking, reports and the batched message mail (issue 9), next to messagingRoutes. */
export async function messagingExtraRoutes(app: App): Promise<void> {
  await registerMessageMail(app.deps);
  await app.register(attachmentRoutes);
  await app.register(safetyRoutes);
  await app.register(reportRoutes);
}

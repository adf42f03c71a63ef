import type { App } from '../../types.ts';
import { attachmentRoutes } from './attachment-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { safetyRoutes } from './safety-routes.ts';

/** Photos, search, blocking and reports (issue 9); registered by app.ts next to messagingRoutes. */
export async function messagingExtraRoutes(app: App): Promise<void> {
  await app.register(attachmentRoutes);
  await app.register(safetyRoutes);
  await app.register(reportRoutes);
}

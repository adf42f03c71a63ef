import { api } from '../../../lib/api.ts';

/** DELETE /api/verification/documents/:id (204). */
export const removeDocument = (id: string) =>
  api<void>(`/api/verification/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });

import { createContext } from 'react';

/** Opens the "Also offer services?" confirmation (issue 22); provided by <AuthProvider>. */
export const JoinAsProviderContext = createContext<(() => void) | null>(null);

import { DOCUMENT_TYPES, type ProviderDocument, type VerificationState } from '@adwuma/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ME_QUERY_KEY } from '../../../lib/session.ts';

export const VERIFICATION_PATH = '/api/verification';

export const verificationKeys = {
  state: ['verification'] as const,
};

/** GET /api/verification: documents (with signed URLs valid 1 h), the session that counts, flags. */
export const verificationQuery = () =>
  queryOptions({
    queryKey: verificationKeys.state,
    queryFn: () => api<VerificationState>(VERIFICATION_PATH),
    // The signed preview URLs expire after an hour: never keep a copy that long.
    staleTime: 60_000,
  });

export const useVerification = (enabled = true) => useQuery({ ...verificationQuery(), enabled });

/**
 * After a change to the documents or the session: the state is fetched again (the server decides
 * canSubmit and the statuses), and so are the onboarding status (the id step, the gate) and the
 * session's profile (verified).
 */
export function useRefreshVerification() {
  const queryClient = useQueryClient();
  return {
    /** Puts one document into the cached state at once, replacing the one of its type. */
    putDocument(document: ProviderDocument) {
      queryClient.setQueryData<VerificationState>(verificationKeys.state, (state) => {
        if (!state) return state;
        const documents = [
          ...state.documents.filter((d) => d.document_type !== document.document_type),
          document,
        ];
        // The server's rule, until its answer arrives: all three kinds present and editable.
        const allKinds = DOCUMENT_TYPES.every((t) => documents.some((d) => d.document_type === t));
        return { ...state, documents, canSubmit: state.canEdit && allKinds };
      });
    },
    dropDocument(id: string) {
      queryClient.setQueryData<VerificationState>(verificationKeys.state, (state) =>
        state ? { ...state, documents: state.documents.filter((d) => d.id !== id), canSubmit: false } : state,
      );
    },
    setState(state: VerificationState) {
      queryClient.setQueryData(verificationKeys.state, state);
    },
    refetch() {
      void queryClient.invalidateQueries({ queryKey: verificationKeys.state });
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  };
}

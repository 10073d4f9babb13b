import { API_PATHS } from '@portal/shared/api-paths';
import type { PostbackDeleteResponse } from '@portal/shared/postbacks/postbacks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { POSTBACK_TABLE_KEY } from './get-postback-table.ts';
import { postbackQuery } from './get-postback.ts';

/**
 * `POST /postback/delete`: the postback goes, its deliveries stay in the log (docs/api.md). A failure
 * stays on the screen as a toast, so the automatic 500 page is off.
 */
export function useDeletePostback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postbackId: number) =>
      api
        .post<PostbackDeleteResponse>(
          API_PATHS.postbackDelete,
          { postback_id: postbackId },
          { handle: { serverError: false } },
        )
        .then((r) => r.data),
    onSuccess: (deleted) => {
      qc.removeQueries({ queryKey: postbackQuery(deleted.postback_id).queryKey });
      void qc.invalidateQueries({ queryKey: [POSTBACK_TABLE_KEY] });
    },
  });
}

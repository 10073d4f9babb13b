import { API_PATHS } from '@portal/shared/api-paths';
import type { PostbackCreateRequest, PostbackResponse } from '@portal/shared/postbacks/postbacks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { POSTBACK_TABLE_KEY } from './get-postback-table.ts';
import { postbackQuery } from './get-postback.ts';

/**
 * `POST /postback/create` or `/postback/update` (with `postback_id`). Field errors stay on the form
 * (422), and a 500 stays on the screen as the spec's toast, so the automatic 500 page is off.
 */
export function useSavePostback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PostbackCreateRequest & { postback_id?: number }) =>
      api
        .post<PostbackResponse>(body.postback_id ? API_PATHS.postbackUpdate : API_PATHS.postbackCreate, body, {
          handle: { serverError: false },
        })
        .then((r) => r.data),
    onSuccess: (saved) => {
      qc.setQueryData(postbackQuery(saved.postback_id).queryKey, saved);
      void qc.invalidateQueries({ queryKey: [POSTBACK_TABLE_KEY] });
    },
  });
}

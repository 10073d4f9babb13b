import { API_PATHS } from '@portal/shared/api-paths';
import type { PostbackResponse } from '@portal/shared/postbacks/postbacks.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /postback {id}`: the record the edit modal starts from. */
export const postbackQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['postback', id],
    queryFn: ({ signal }) =>
      api
        .post<PostbackResponse>(API_PATHS.postback, { id }, { signal, handle: { serverError: false } })
        .then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });

export const usePostback = (id: number | null) => useQuery(postbackQuery(id));

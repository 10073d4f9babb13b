import { API_PATHS } from '@portal/shared/api-paths';
import type {
  PaymentDetailsResponse,
  PaymentDetailsUpdateRequest,
} from '@portal/shared/profile/payment-details.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const OWN_500 = { handle: { serverError: false } } as const;

export const paymentDetailsQuery = () =>
  queryOptions({
    queryKey: ['payment-details'],
    queryFn: ({ signal }) =>
      api.post<PaymentDetailsResponse>(API_PATHS.paymentDetails, {}, { signal, ...OWN_500 }).then((r) => r.data),
  });

export const usePaymentDetails = () => useQuery(paymentDetailsQuery());

export function useUpdatePaymentDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: PaymentDetailsUpdateRequest) =>
      api.post<PaymentDetailsResponse>(API_PATHS.paymentDetailsUpdate, v, OWN_500),
    onSuccess: (r) => qc.setQueryData(paymentDetailsQuery().queryKey, r.data),
  });
}

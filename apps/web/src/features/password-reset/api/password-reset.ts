import { API_PATHS } from '@portal/shared/api-paths';
import type { ResetPasswordRequest } from '@portal/shared/password-reset/password-reset.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Success = { success: boolean };
const PUBLIC = { handle: false } as const;

export const useSendResetToken = () =>
  useMutation({
    mutationFn: (user_email: string) => api.post<Success>(API_PATHS.sendResetToken, { user_email }, PUBLIC),
  });

export const verifyResetToken = (token: string, signal?: AbortSignal) =>
  api.post<Success>(API_PATHS.verifyResetToken, { token }, { ...PUBLIC, signal });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordRequest) => api.post<Success>(API_PATHS.resetPassword, body, PUBLIC) });

import { API_PATHS } from '@portal/shared/api-paths';
import type {
  TwoFactorDisableResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@portal/shared/auth/auth.schemas';
import type { NotificationSubscriptionKey } from '@portal/shared/constants';
import type {
  TimezoneResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UserProfileResponse,
} from '@portal/shared/profile/profile.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCalls } from '../../../components/auth/two-factor-settings.tsx';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

/** Profile screens have their own failure texts (docs/errors.md), so 500s stay on the screen. */
const OWN_500 = { handle: { serverError: false } } as const;

export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) =>
      api.post<UserProfileResponse>(API_PATHS.user, {}, { signal, ...OWN_500 }).then((r) => r.data),
  });

export const timezonesQuery = () =>
  queryOptions({
    queryKey: ['timezones'],
    queryFn: ({ signal }) =>
      api.post<TimezoneResponse>(API_PATHS.timezone, {}, { signal, ...OWN_500 }).then((r) => r.data),
    staleTime: Infinity,
  });

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['two-factor-status'],
    queryFn: ({ signal }) =>
      api.post<TwoFactorStatusResponse>(API_PATHS.twoFactorStatus, {}, { signal, ...OWN_500 }).then((r) => r.data),
  });

export const useProfile = () => useQuery(profileQuery());
export const useTimezones = () => useQuery(timezonesQuery());
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());

export function useUpdateTimezone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { user_timezone: string; user_id?: number }) =>
      api.post<UserProfileResponse>(API_PATHS.updateUser, v, OWN_500),
    onSuccess: (r) => {
      qc.setQueryData(profileQuery().queryKey, r.data);
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (v: UpdatePasswordRequest) => api.post<UpdatePasswordResponse>(API_PATHS.updatePassword, v, OWN_500),
  });

export function useUpdateNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notification_subscriptions: NotificationSubscriptionKey[]) =>
      api.post<{ data: { notification_subscriptions: NotificationSubscriptionKey[] } }>(
        API_PATHS.updateNotification,
        { notification_subscriptions },
        OWN_500,
      ),
    onSuccess: (r) => {
      qc.setQueryData(profileQuery().queryKey, (old) =>
        old ? { ...old, notification_subscriptions: r.data.notification_subscriptions } : old,
      );
    },
  });
}

/**
 * The two-factor tab's calls (components/auth/two-factor-settings.tsx). Starting enrolment asks for
 * the current password (a borrowed session cannot turn it on). Turning two-factor on or off ends
 * every session of the user; the answer carries a fresh token for this one, stored before anything
 * else is asked so nothing on screen gets a 401.
 */
export function useTwoFactorCalls(): TwoFactorCalls {
  const qc = useQueryClient();
  const renewed = (jwt: string) => {
    saveSession(jwt);
    void qc.invalidateQueries({ queryKey: ['two-factor-status'] });
    void qc.invalidateQueries({ queryKey: ['me'] });
  };
  return {
    setup: (password) =>
      api.post<TwoFactorSetupResponse>(API_PATHS.twoFactorSetup, { password }, OWN_500).then((r) => r.data),
    enable: (code) =>
      api.post<TwoFactorEnableResponse>(API_PATHS.twoFactorEnable, { code }, OWN_500).then((r) => {
        renewed(r.data.jwt);
        return r.data.recovery_codes;
      }),
    disable: (code) =>
      api
        .post<TwoFactorDisableResponse>(API_PATHS.twoFactorDisable, { code }, OWN_500)
        .then((r) => renewed(r.data.jwt)),
  };
}

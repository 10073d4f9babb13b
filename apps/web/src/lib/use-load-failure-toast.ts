import { useEffect } from 'react';
import { alerts } from './alerts.ts';
import { isApiError } from './api-error.ts';

/**
 * docs/errors.md "Offers": a failed load shows its error toast, except when the request was cancelled
 * (a quick tab switch) and when the client already answered it (401 → log-in, 404 → not found).
 */
export function useLoadFailureToast(error: unknown, message: string) {
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.isAborted || error.status === 401 || error.status === 404)) return;
    alerts.error(message);
  }, [error, message]);
}

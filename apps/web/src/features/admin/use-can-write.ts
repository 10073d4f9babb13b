import { roleAllows } from '@portal/shared/admin/operators.constants';
import { useOperatorMe } from './api/session.ts';

/** Whether the signed-in operator may change the network's data (a manager or an owner; a viewer reads). */
export function useCanWrite(): boolean {
  const { data: me } = useOperatorMe();
  return !!me && roleAllows(me.role, 'manager');
}

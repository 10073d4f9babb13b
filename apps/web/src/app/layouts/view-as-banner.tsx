import { useCurrentUser } from '../../features/user/api/user.ts';
import { useSession, viewingOperator } from '../../lib/session.ts';

/**
 * While an operator views the portal as this publisher (a login link's session), every page says
 * so, for as long as the session lasts.
 */
export function ViewAsBanner() {
  const { token } = useSession();
  const { data: user } = useCurrentUser();
  const operator = viewingOperator(token);
  if (!operator) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 print:hidden">
      Viewing as <strong>{user ? user.publisher_name : 'this publisher'}</strong> — operator{' '}
      <strong className="break-words">{operator}</strong>
    </p>
  );
}

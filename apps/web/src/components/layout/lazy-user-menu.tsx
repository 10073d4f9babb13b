import { StandInSlot, deferred, useStandInTrigger } from '../ui/deferred.tsx';
import { UserMenuButtonContent, userMenuButtonClass, userMenuLabel, type MenuUser } from './user-menu-button.tsx';

const menu = deferred(() => import('./user-menu.tsx').then((m) => m.UserMenu));

/**
 * The account menu as the first paint needs it: its button, the menu code loading when the button
 * is first pointed at, focused or clicked (a click opens the menu as soon as it is there).
 */
export function LazyUserMenu({
  user,
  onLogout,
  onSwitchAccount,
}: {
  user: MenuUser | null;
  onLogout: () => void;
  onSwitchAccount?: (() => void) | undefined;
}) {
  const { value: UserMenu, clicked, triggerProps } = useStandInTrigger(menu);
  return (
    <StandInSlot swapped={UserMenu !== null}>
      {UserMenu ? (
        <UserMenu user={user} onLogout={onLogout} onSwitchAccount={onSwitchAccount} defaultOpen={clicked} />
      ) : (
        <button
          type="button"
          className={userMenuButtonClass}
          aria-label={userMenuLabel(user)}
          aria-haspopup="menu"
          {...triggerProps}
        >
          <UserMenuButtonContent user={user} />
        </button>
      )}
    </StandInSlot>
  );
}

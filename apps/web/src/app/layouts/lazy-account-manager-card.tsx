import { useCurrentUser } from '../../features/user/api/user.ts';
import { StandInSlot, deferred, useStandInTrigger } from '../../components/ui/deferred.tsx';
import { ManagerButtonContent, managerButtonClass } from '../../components/layout/manager-button.tsx';

const card = deferred(() => import('./account-manager-card.tsx').then((m) => m.AccountManagerCard));

/**
 * The account manager's button in the header (beside the bell), as the first paint needs it; the card's popover code loads when the
 * button is first pointed at, focused or clicked (a click opens the card as soon as it is there).
 */
export function LazyAccountManagerCard() {
  const { data: user } = useCurrentUser();
  const { value: AccountManagerCard, clicked, triggerProps } = useStandInTrigger(card);
  if (!user?.account_manager_name) return null;
  return (
    <StandInSlot swapped={AccountManagerCard !== null}>
      {AccountManagerCard ? (
        <AccountManagerCard defaultOpen={clicked} />
      ) : (
        <button
          type="button"
          className={managerButtonClass}
          aria-label="Your account manager"
          title="Your account manager"
          aria-haspopup="dialog"
          {...triggerProps}
        >
          <ManagerButtonContent />
        </button>
      )}
    </StandInSlot>
  );
}

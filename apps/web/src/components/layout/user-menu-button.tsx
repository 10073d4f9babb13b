import ChevronDown from 'lucide-react/icons/chevron-down';

/** What the account menu shows of the signed-in user. */
export interface MenuUser {
  firstname: string;
  lastname: string;
  email: string;
  publisher_name: string;
  publisher_id: number;
}

export const userMenuButtonClass =
  'inline-flex h-10 items-center gap-2 rounded-lg pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100';

export const userMenuLabel = (user: MenuUser | null) =>
  user ? `Account menu for ${user.firstname} ${user.lastname}` : 'Account menu';

function initials(first?: string, last?: string) {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '·';
}

/** The account menu button's face: initials, the name from 768 px, a chevron. */
export function UserMenuButtonContent({ user }: { user: MenuUser | null }) {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white">
        {initials(user?.firstname, user?.lastname)}
      </span>
      <span className="hidden max-w-[12rem] truncate md:inline">
        {user ? `${user.firstname} ${user.lastname}` : ''}
      </span>
      <ChevronDown size={16} aria-hidden="true" className="hidden text-slate-500 md:inline" />
    </>
  );
}

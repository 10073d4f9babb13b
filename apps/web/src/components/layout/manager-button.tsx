import { Headset } from 'lucide-react';

export const managerButtonClass =
  'fixed right-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-slate-900 pr-4 pl-3 text-sm font-medium text-white shadow-lg hover:bg-slate-800 focus-visible:outline-offset-4 sm:right-6 sm:bottom-6';

/** The account manager button's face. */
export function ManagerButtonContent() {
  return (
    <>
      <Headset size={20} aria-hidden="true" />
      <span className="hidden sm:inline">Account manager</span>
    </>
  );
}

import Headset from 'lucide-react/icons/headset';

/**
 * The account manager's button sits in the header beside the bell: a floating button lay on the
 * first screen's rows (their Edit and Deliveries buttons, a chart, a phone's card chevrons).
 */
export const managerButtonClass =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100';

/** The account manager button's face: the headset, and its words from 1280 px. */
export function ManagerButtonContent() {
  return (
    <>
      <Headset size={20} aria-hidden="true" />
      <span className="hidden xl:inline">Account manager</span>
    </>
  );
}

/** The drill-down button's look, shared by the menu's trigger and its stand-in (lazy-drill-down-menu.tsx). */
export const drillButtonClass =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'data-[state=open]:bg-accent-soft data-[state=open]:text-accent';

import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo.tsx';

/** A full-page error frame: logo, a status number, the message and an action. */
export function ErrorScreen({
  code,
  icon,
  title,
  children,
}: {
  code: string;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="flex max-w-md flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
            {icon}
          </span>
          <p className="mt-5 text-sm font-semibold tracking-wider text-slate-600 tabular">{code}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-2 text-[15px] text-slate-600">{children}</div>
        </div>
      </main>
    </div>
  );
}

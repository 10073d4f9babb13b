import { Outlet } from 'react-router';
import { useBrand } from '../../lib/brand.ts';

/** The console's sign-in and set-password screens: a centred column under the console's name. */
export function Component() {
  const brand = useBrand();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2.5 px-5 py-5 sm:px-8">
        <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#0f172a" />
          <text x="16" y="21" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
            {brand.mark}
          </text>
        </svg>
        <span className="text-[15px] font-semibold tracking-tight text-slate-900">
          {brand.productName} <span className="font-normal text-slate-600">Console</span>
        </span>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:pt-10">
        <Outlet />
      </main>
    </div>
  );
}

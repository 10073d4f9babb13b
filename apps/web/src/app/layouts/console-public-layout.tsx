import { Outlet } from 'react-router';
import { ConsoleBrand } from '../../features/admin/components/console-brand.tsx';

/** The console's sign-in and set-password screens: a centred column under the console's name. */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2.5 px-5 py-5 sm:px-8">
        <ConsoleBrand />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:pt-10">
        <Outlet />
      </main>
    </div>
  );
}

import { Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { Footer } from '../../components/layout/footer.tsx';

/** Public and select-account screens: a centred column on a quiet background. */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto flex w-full max-w-6xl items-center px-5 py-5 sm:px-8">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:pt-10">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

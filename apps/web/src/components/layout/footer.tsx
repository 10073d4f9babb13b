import { useBrand } from '../../lib/brand.ts';

/** Footer with the current year (docs/screens.md). */
export function Footer() {
  const brand = useBrand();
  return (
    <footer className="print:hidden border-t border-slate-200 bg-white/60">
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center justify-between gap-2 py-4 pr-20 pl-5 text-sm text-slate-600 sm:px-8">
        <p>
          © {new Date().getFullYear()} {brand.productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

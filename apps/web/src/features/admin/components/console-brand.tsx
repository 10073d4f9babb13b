import { useBrand } from '../../../lib/brand.ts';

/** The console's name beside the network's mark: "Northwind Console" (the sign-in's header and the console's). */
export function ConsoleBrand() {
  const brand = useBrand();
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f172a" />
        <text x="16" y="21" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
          {brand.mark}
        </text>
      </svg>
      <span className="truncate text-[15px] font-semibold tracking-tight text-slate-900">
        {brand.productName} <span className="font-normal text-slate-600">Console</span>
      </span>
    </>
  );
}

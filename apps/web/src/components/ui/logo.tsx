import { useBrand } from '../../lib/brand.ts';
import { cn } from './cn.ts';

/** The brand's logo: a mark in the accent colour and the product name. */
export function Logo({ className, compact }: { className?: string; compact?: boolean }) {
  const brand = useBrand();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)} data-brand={brand.key}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <text
          x="16"
          y="21"
          textAnchor="middle"
          fontSize="13"
          fontWeight="700"
          fill="#fff"
          fontFamily="system-ui, sans-serif"
        >
          {brand.mark}
        </text>
      </svg>
      <span
        className={cn('text-[15px] font-semibold tracking-tight text-slate-900', compact && 'sr-only sm:not-sr-only')}
      >
        {brand.productName}
      </span>
    </span>
  );
}

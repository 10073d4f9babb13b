import { OFFER_STATUS_LABELS } from '@portal/shared/offers/offers.constants';
import type { OfferStatus } from '@portal/shared/constants';
import { cn } from './cn.ts';

/** docs/screens.md: active and ready green, paused red, expired orange, pending grey ('Pending Approval'). */
const TONES: Record<OfferStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/25',
  ready: 'bg-green-50 text-green-800 ring-green-600/25',
  paused: 'bg-red-50 text-red-800 ring-red-600/25',
  expired: 'bg-orange-50 text-orange-800 ring-orange-600/30',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/25',
};

export function OfferStatusBadge({ status, className }: { status: OfferStatus; className?: string }) {
  return <Badge className={cn(TONES[status], className)}>{OFFER_STATUS_LABELS[status]}</Badge>;
}

/** A small status pill; the tone classes say which status colour (docs/ui.md: colours for status only). */
export function Badge({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        className,
      )}
    >
      {children}
    </span>
  );
}

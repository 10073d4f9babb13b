import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** The card public screens sit in: heading, optional lead text, content and a footer line. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  wide,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-[420px]')}>
      <Card className="px-5 py-7 shadow-sm sm:px-8 sm:py-8">
        <h1 className="text-[22px] font-semibold tracking-tight text-slate-900">{title}</h1>
        {lead ? <div className="mt-1.5 text-[15px] text-slate-600">{lead}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-5 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

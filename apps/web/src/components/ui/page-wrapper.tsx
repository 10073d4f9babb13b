import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/brand.ts';
import { cn } from './cn.ts';
import { Icon, type IconName } from './icons.tsx';

interface PageWrapperProps {
  title: string;
  /** The document title when it differs from the heading (spec's SEO title). */
  seoTitle?: string;
  icon?: IconName;
  description?: ReactNode;
  back?: { to: string; label: string };
  wide?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** Page frame of docs/screens.md: optional back link, heading with icon, description, wide or normal width. */
export function PageWrapper({ title, seoTitle, icon, description, back, wide, actions, children }: PageWrapperProps) {
  usePageTitle(seoTitle ?? title);
  return (
    <div className={cn('mx-auto w-full px-4 py-6 sm:px-6 lg:py-8', wide ? 'max-w-[1440px]' : 'max-w-5xl')}>
      {back ? (
        <Link
          to={back.to}
          className="mb-3 inline-flex items-center gap-1.5 rounded print:hidden text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          {icon ? (
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
              <Icon name={icon} size={20} />
            </span>
          ) : null}
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2 print:hidden">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

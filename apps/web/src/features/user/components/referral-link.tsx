import Gift from 'lucide-react/icons/gift';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../api/user.ts';

/** docs/limits.md: `{origin}/signup/{referral code}`, the publisher's own. */
export const referralLink = (code: string, origin = window.location.origin) =>
  `${origin}${paths.signupWithReferrer(code)}`;

/**
 * The publisher's referral link with a copy button (docs/screens.md, docs/limits.md): publishers who sign up through it
 * are referred, and the referrer earns a commission on their payouts (Referral Report).
 */
export function ReferralLink({ className, stacked }: { className?: string; stacked?: boolean }) {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const link = referralLink(user.referral_code);
  return (
    <section aria-label="Referral link" className={className}>
      <div
        className={
          stacked
            ? 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs'
            : 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-5'
        }
      >
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
            <Gift size={18} aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="text-sm font-semibold text-slate-900">Your referral link</h2>
            <p className="text-sm text-slate-600">
              Publishers who sign up through it are referred by you; you earn a commission on their payouts.
            </p>
            <p data-testid="referral-link" className="mt-1.5 font-mono text-[13px] break-all text-slate-900">
              {link}
            </p>
          </div>
        </div>
        <CopyButton
          text={link}
          label="Copy link"
          className={stacked ? 'shrink-0 self-start' : 'shrink-0 self-start sm:self-center'}
        />
      </div>
    </section>
  );
}

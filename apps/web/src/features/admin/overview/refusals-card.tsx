import type { Overview } from '@portal/shared/admin/overview.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { REFUSAL_REASON_TEXT } from './refusal-reasons.ts';

/** Refused conversion calls (/postback and /pixel) of the last 24 hours, per reason, most first. */
export function RefusalsCard({ refusals }: { refusals: Overview['refusals'] }) {
  return (
    <Card className="p-5">
      <section aria-labelledby="overview-refusals">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="overview-refusals" className="text-base font-semibold text-slate-900">
            Conversion refusals, last 24 hours
          </h2>
          <span className="text-2xl font-semibold text-slate-900 tabular-nums">{formatInteger(refusals.total)}</span>
        </div>
        {refusals.by_reason.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No conversion call was refused in the last 24 hours.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Reason
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Refusals
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {refusals.by_reason.map((r) => (
                <tr key={r.reason}>
                  <td className="py-2 pr-3 align-top">
                    <span className="font-mono text-xs break-all text-slate-900">{r.reason}</span>
                    {REFUSAL_REASON_TEXT[r.reason] ? (
                      <span className="block text-slate-600">{REFUSAL_REASON_TEXT[r.reason]}</span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right align-top text-slate-900 tabular-nums">{formatInteger(r.refusals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Card>
  );
}

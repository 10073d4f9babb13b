import { findMacros } from '@portal/shared/postbacks/postback-macros';
import Eye from 'lucide-react/icons/eye';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePostbackPreview } from '../api/get-postback-preview.ts';

/**
 * The value as the latest real conversion would fill it in (beyond the spec), with variables
 * outside the whitelist and variables that were empty for that conversion marked. A pixel is shown
 * as text only: the portal's page policy loads no image from elsewhere, and pixel HTML
 * runs only from the tracking address (docs/tracking.md).
 */
export function PostbackPreview({ value }: { value: string }) {
  const preview = usePostbackPreview(value, value.trim() !== '');
  if (!value.trim()) return null;
  const data = preview.data;
  return (
    <section aria-label="Preview" className="rounded-lg border border-slate-200">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h3 className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <Eye size={16} aria-hidden="true" /> Preview with your latest conversion
        </h3>
        {preview.isFetching ? <Spinner size={14} label="Updating the preview" /> : null}
      </header>
      <div className="flex flex-col gap-2 px-3 py-2.5 text-sm">
        {!data ? (
          <p className="text-slate-600">
            {preview.isError ? 'The preview could not be made.' : 'Preparing the preview…'}
          </p>
        ) : data.rendered === null ? (
          <p className="text-slate-600">
            No conversion yet: the preview will use your first one. Variables used:{' '}
            {data.used_macros.length ? data.used_macros.map((m) => `{${m}}`).join(', ') : 'none'}.
          </p>
        ) : (
          <>
            <p
              data-testid="postback-preview"
              className="rounded bg-slate-50 px-2.5 py-2 font-mono text-[12.5px] leading-relaxed break-all text-slate-900"
            >
              {data.rendered}
            </p>
            <Highlights template={value} unknown={data.unknown_macros} empty={data.empty_macros} />
          </>
        )}
      </div>
    </section>
  );
}

/** The template's variables, each marked: unknown (sent as written), empty for that conversion, or filled. */
function Highlights({ template, unknown, empty }: { template: string; unknown: string[]; empty: string[] }) {
  const names = [...new Set(findMacros(template))];
  if (names.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Variables">
      {names.map((n) => {
        const kind = unknown.includes(n) ? 'unknown' : empty.includes(n) ? 'empty' : 'filled';
        return (
          <li
            key={n}
            className={
              kind === 'unknown'
                ? 'rounded bg-red-50 px-1.5 py-0.5 font-mono text-xs text-red-800 ring-1 ring-red-600/30'
                : kind === 'empty'
                  ? 'rounded bg-amber-50 px-1.5 py-0.5 font-mono text-xs text-amber-900 ring-1 ring-amber-600/30'
                  : 'rounded bg-green-50 px-1.5 py-0.5 font-mono text-xs text-green-800 ring-1 ring-green-600/25'
            }
          >
            {`{${n}}`}
            <span className="sr-only">
              :{' '}
              {kind === 'unknown'
                ? 'not a known variable, sent as written'
                : kind === 'empty'
                  ? 'empty for this conversion'
                  : 'filled in'}
            </span>
            {kind !== 'filled' ? <span aria-hidden="true"> · {kind === 'unknown' ? 'unknown' : 'empty'}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

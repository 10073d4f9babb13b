import { POSTBACK_MACRO_DESCRIPTIONS, POSTBACK_MACROS } from '@portal/shared/postbacks/postback-macros';

/** The URL variables a value may use (docs/errors.md whitelist), each insertable with a click. */
export function UrlVariablesTable({ onInsert }: { onInsert?: (variable: string) => void }) {
  return (
    <details open className="group rounded-lg border border-slate-200 bg-slate-50/60">
      <summary className="cursor-pointer rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 select-none hover:bg-slate-100">
        Available URL variables
      </summary>
      <div className="max-h-64 overflow-y-auto border-t border-slate-200">
        <table className="w-full text-sm">
          <caption className="sr-only">URL variables you can use in the value</caption>
          <thead className="sticky top-0 bg-slate-100 text-left text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Variable
              </th>
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Replaced With
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {POSTBACK_MACROS.map((m) => (
              <tr key={m}>
                <td className="px-3 py-1.5">
                  {onInsert ? (
                    <button
                      type="button"
                      className="rounded font-mono text-[13px] text-accent hover:underline"
                      onClick={() => onInsert(`{${m}}`)}
                      aria-label={`Insert {${m}}`}
                    >
                      {`{${m}}`}
                    </button>
                  ) : (
                    <code className="font-mono text-[13px]">{`{${m}}`}</code>
                  )}
                </td>
                <td className="px-3 py-1.5 text-slate-700">{POSTBACK_MACRO_DESCRIPTIONS[m]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

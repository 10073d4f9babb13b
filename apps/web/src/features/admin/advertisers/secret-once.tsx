import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/** A credential shown this once, with its Copy button (docs/operator-console.md "Advertisers"). */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={id} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div
        className="rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] break-all text-slate-900"
        data-testid="secret-once"
      >
        {value}
      </div>
      <CopyButton text={value} describedBy={id} className="self-start" />
    </div>
  );
}

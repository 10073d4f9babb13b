import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { FieldShell } from '../../../components/ui/field.tsx';

/** One card of the offer editor, with its heading and what it is for. */
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** A multi-line field with the form fields' label and error. */
export function TextArea(p: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={p.label} error={p.error ?? null}>
      <textarea
        id={id}
        rows={4}
        value={p.value}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-[15px] text-slate-900 shadow-xs focus:border-accent focus:ring-3 focus:ring-accent/20 focus:outline-none"
      />
    </FieldShell>
  );
}

import { POSTBACK_VALUE_MAX } from '@portal/shared/postbacks/postbacks.constants';
import { forwardRef, useId } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { FieldShell } from '../../../components/ui/field.tsx';

/** The Value textarea (docs/screens.md): a URL for a postback, HTML for a pixel, errors under it. */
export const ValueField = forwardRef<
  HTMLTextAreaElement,
  { type: string; value: string; onChange: (value: string) => void; error?: string | undefined }
>(function ValueField({ type, value, onChange, error }, ref) {
  const id = useId();
  const hint =
    type === 'pixel'
      ? 'The HTML of your pixel, e.g. an <img> tag; it runs in a sandboxed frame on the thank-you page.'
      : 'The URL we call when a conversion is recorded, e.g. https://your-tracker.example/postback?cid={pub_click_id}&payout={conversion_earnings}';
  return (
    <FieldShell id={id} label="Value" required error={error} hint={hint}>
      <textarea
        ref={ref}
        id={id}
        value={value}
        maxLength={POSTBACK_VALUE_MAX}
        rows={type === 'pixel' ? 5 : 3}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-required
        onChange={(e) => onChange(e.target.value)}
        className={cn(
          'block w-full resize-y rounded-lg border bg-white px-3 py-2 font-mono text-[13px] leading-relaxed text-slate-900 shadow-xs focus:ring-3 focus:outline-none',
          error
            ? 'border-red-600 focus:border-red-600 focus:ring-red-600/20'
            : 'border-slate-300 focus:border-accent focus:ring-accent/20',
        )}
      />
    </FieldShell>
  );
});

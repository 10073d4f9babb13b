import type { CreatedApiKey } from '@portal/shared/api-keys/api-keys.schemas';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The key just made, shown this once: the server keeps only its hash, so once the panel is closed
 * (or the page left) nobody can see it again.
 */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <section
      aria-labelledby="new-api-key-heading"
      className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5"
    >
      <div>
        <h3 id="new-api-key-heading" className="font-semibold text-green-900">
          Copy your new key “{created.name}”
        </h3>
        <p className="mt-1 text-sm text-green-900">
          This is the only time it is shown. Store it somewhere safe, such as your tool’s secret settings; if you lose
          it, revoke it and create another.
        </p>
      </div>
      <p
        data-testid="new-api-key"
        className="rounded-lg border border-green-200 bg-white px-3 py-2 font-mono text-[13px] break-all text-slate-900"
      >
        <span className="sr-only">Your new API key: </span>
        {created.key}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={created.key} label="Copy key" />
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

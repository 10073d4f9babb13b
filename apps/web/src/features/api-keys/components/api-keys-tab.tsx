import type { ApiKey, CreatedApiKey } from '@portal/shared/api-keys/api-keys.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { tooManyMessage } from '../../../lib/api-error.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { ApiKeyList } from './api-key-list.tsx';
import { API_KEY_MESSAGES } from './api-keys-messages.ts';
import { CreateApiKeyForm } from './create-api-key-form.tsx';
import { NewApiKeyPanel } from './new-api-key-panel.tsx';
import { RevokeApiKeyModal } from './revoke-api-key-modal.tsx';

/**
 * Profile → API Keys: make a key (shown once, with the password), see the account's keys with their
 * access and expiry, revoke one. `twoFactorEnabled` asks for a code beside the password.
 */
export function ApiKeysTab({
  twoFactorEnabled = false,
  timeZone,
}: {
  twoFactorEnabled?: boolean;
  /** The profile's time zone (the browser's while the profile loads). */
  timeZone?: string | undefined;
}) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const onCreated = (key: CreatedApiKey) => {
    setCreated(key);
    alerts.success(API_KEY_MESSAGES.created);
  };
  const onRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: ({ id }) => {
        setRevoking(null);
        if (created?.id === id) setCreated(null);
        alerts.success(API_KEY_MESSAGES.revoked);
      },
      onError: (err) => alerts.error(tooManyMessage(err) ?? API_KEY_MESSAGES.revokeFailed),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">API keys</h2>
        <p className="mt-1 text-[15px] text-slate-700">
          Let your own tools read your reports, offers and invoices without your password, and, with read and write
          access, manage your postbacks. Send a key as{' '}
          <code className="text-[13px]">Authorization: Bearer &lt;key&gt;</code> or{' '}
          <code className="text-[13px]">X-Api-Key: &lt;key&gt;</code>; it acts as this account only and cannot change
          your password, profile or keys.{' '}
          <a
            className="text-accent underline underline-offset-4 hover:no-underline"
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
          >
            API reference
          </a>
        </p>
      </div>

      <CreateApiKeyForm twoFactorEnabled={twoFactorEnabled} onCreated={onCreated} />
      <AlertBox title="What ends a key" className="max-w-3xl">
        {API_KEY_MESSAGES.lifecycle}
      </AlertBox>
      {created ? <NewApiKeyPanel created={created} onDone={() => setCreated(null)} /> : null}

      <section aria-labelledby="api-key-list-heading" className="flex flex-col gap-3">
        <h3 id="api-key-list-heading" className="font-semibold text-slate-900">
          Your keys
        </h3>
        {keys.isPending ? (
          <LoadingBlock label="Loading your API keys…" />
        ) : keys.isError ? (
          <LoadFailure
            compact
            what="your API keys"
            title={API_KEY_MESSAGES.loadFailed}
            error={keys.error}
            onRetry={() => void keys.refetch()}
          />
        ) : keys.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            {API_KEY_MESSAGES.empty}
          </p>
        ) : (
          <ApiKeyList keys={keys.data} onRevoke={setRevoking} timeZone={timeZone} />
        )}
      </section>

      <RevokeApiKeyModal
        apiKey={revoking}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={onRevoke}
      />
    </div>
  );
}

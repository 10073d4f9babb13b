import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  type ApiKeyExpiryDays,
} from '@portal/shared/api-keys/api-keys.constants';
import type { CreatedApiKey } from '@portal/shared/api-keys/api-keys.schemas';
// Plus, not KeyRound: the key icon is the postbacks page's, and sharing it regroups the shared chunks
// so that the dashboard loads 3 kB more (apps/web/vite.config.ts).
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { fieldCode, isApiError, tooManyMessage } from '../../../lib/api-error.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { API_KEY_MESSAGES } from './api-keys-messages.ts';

const EXPIRY_LABELS: Record<string, string> = { '30': '30 days', '90': '90 days', '365': '1 year', never: 'Never' };
const EXPIRY_OPTIONS = API_KEY_EXPIRY_DAYS.map((d) => {
  const value = d === null ? 'never' : String(d);
  return { value, label: EXPIRY_LABELS[value] ?? value };
});
const DEFAULT_EXPIRY = '90';

/** The expiry the server stores: that many days from now, or none. */
function expiresAt(choice: string): string | null {
  const days = choice === 'never' ? null : (Number(choice) as Exclude<ApiKeyExpiryDays, null>);
  return days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
}

/** Name and expiry of a new key; the created key goes to `onCreated`, to be shown once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(API_KEY_MESSAGES.nameRequired);
    create.mutate(
      { name: name.trim(), expires_at: expiresAt(expiry) },
      {
        onSuccess: (created) => {
          setName('');
          setExpiry(DEFAULT_EXPIRY);
          onCreated(created);
        },
        onError: (err) => {
          if (fieldCode(err, 'name')) return setNameError(API_KEY_MESSAGES.nameRequired);
          const limit = isApiError(err) && err.status === 422 ? err.serverMessage : null;
          alerts.error(tooManyMessage(err) ?? limit ?? API_KEY_MESSAGES.createFailed);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Create an API key"
      className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <TextField
        label="Key name"
        name="name"
        required
        maxLength={API_KEY_NAME_MAX}
        placeholder="e.g. Hourly report sync"
        autoComplete="off"
        value={name}
        error={nameError}
        containerClassName="w-full sm:w-72"
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
      <SelectField
        label="Expires after"
        name="expiry"
        options={EXPIRY_OPTIONS}
        value={expiry}
        containerClassName="w-full sm:w-40"
        onChange={(e) => setExpiry(e.target.value)}
      />
      <Button
        type="submit"
        className="w-full sm:mt-[1.625rem] sm:w-auto"
        disabled={!name.trim()}
        loading={create.isPending}
        icon={<Plus size={16} aria-hidden="true" />}
      >
        Create key
      </Button>
    </form>
  );
}

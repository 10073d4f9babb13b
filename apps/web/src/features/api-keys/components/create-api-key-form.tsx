import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_DEFAULT_SCOPE,
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  type ApiKeyScope,
} from '@portal/shared/api-keys/api-keys.constants';
import type { CreatedApiKey } from '@portal/shared/api-keys/api-keys.schemas';
// Plus, not KeyRound: the key icon is the postbacks page's, and sharing it regroups the shared chunks
// so that the dashboard loads 3 kB more (apps/web/vite.config.ts).
import Plus from 'lucide-react/icons/plus';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { fieldCode, isApiError, tooManyMessage } from '../../../lib/api-error.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { API_KEY_MESSAGES, SCOPE_LABELS } from './api-keys-messages.ts';

const EXPIRY_LABELS: Record<string, string> = { '30': '30 days', '90': '90 days', '365': '1 year' };
const EXPIRY_OPTIONS = API_KEY_EXPIRY_DAYS.map((d) => ({ value: String(d), label: EXPIRY_LABELS[String(d)] ?? '' }));
const SCOPE_OPTIONS = (Object.keys(SCOPE_LABELS) as ApiKeyScope[]).map((s) => ({ value: s, label: SCOPE_LABELS[s] }));
const DEFAULT_EXPIRY = String(API_KEY_DEFAULT_EXPIRY_DAYS);

type Field = 'name' | 'password' | 'code';
const EMPTY = { name: '', password: '', code: '' };

/** The server's words for a field it refused, else ours. */
const fieldMessage = (err: unknown, field: Field, fallback: string) =>
  (isApiError(err) ? err.fields[field]?.message : undefined) ?? fallback;

/**
 * Name, access and expiry of a new key, made only with the account's current password (and a
 * two-factor code when it is on, or when the server asks for one): a session left open somewhere
 * is not enough to make a key that outlives it. The created key goes to `onCreated`, shown once.
 */
export function CreateApiKeyForm({
  twoFactorEnabled,
  onCreated,
}: {
  twoFactorEnabled: boolean;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const [values, setValues] = useState(EMPTY);
  const [scope, setScope] = useState<ApiKeyScope>(API_KEY_DEFAULT_SCOPE);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [askCode, setAskCode] = useState(false);
  const needsCode = twoFactorEnabled || askCode;
  const ready = Boolean(values.name.trim() && values.password && (!needsCode || values.code.trim()));

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setErrors({ name: API_KEY_MESSAGES.nameRequired });
    if (!ready) return;
    create.mutate(
      {
        name: values.name.trim(),
        scope,
        expires_at: new Date(Date.now() + Number(expiry) * 86_400_000).toISOString(),
        password: values.password,
        ...(needsCode ? { code: values.code.trim() } : {}),
      },
      {
        onSuccess: (created) => {
          setValues(EMPTY);
          setScope(API_KEY_DEFAULT_SCOPE);
          setExpiry(DEFAULT_EXPIRY);
          onCreated(created);
        },
        onError: (err) => {
          const next: Partial<Record<Field, string>> = {};
          if (fieldCode(err, 'name')) next.name = API_KEY_MESSAGES.nameRequired;
          if (fieldCode(err, 'password')) next.password = fieldMessage(err, 'password', API_KEY_MESSAGES.badPassword);
          if (fieldCode(err, 'code')) {
            setAskCode(true);
            next.code = fieldMessage(err, 'code', API_KEY_MESSAGES.badCode);
          }
          setValues((v) => ({ ...v, password: next.password ? '' : v.password, code: '' }));
          setErrors(next);
          if (Object.keys(next).length > 0) return;
          const refused = isApiError(err) && (err.status === 422 || err.status === 403) ? err.serverMessage : null;
          alerts.error(tooManyMessage(err) ?? refused ?? API_KEY_MESSAGES.createFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,18rem)_minmax(0,20rem)_minmax(0,10rem)]">
        <TextField
          label="Key name"
          name="name"
          required
          maxLength={API_KEY_NAME_MAX}
          placeholder="e.g. Hourly report sync"
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <SelectField
          label="Access"
          name="scope"
          options={SCOPE_OPTIONS}
          value={scope}
          onChange={(e) => setScope(e.target.value as ApiKeyScope)}
        />
        <SelectField
          label="Expires after"
          name="expiry"
          options={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[minmax(0,18rem)_minmax(0,20rem)_auto]">
        <TextField
          label="Current password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          hint="Your password confirms it is you making the key."
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value)}
        />
        {needsCode ? (
          <TextField
            label="Two-factor code"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="From your authenticator app, or a recovery code."
            value={values.code}
            error={errors.code}
            onChange={(e) => set('code', e.target.value)}
          />
        ) : null}
        <Button
          type="submit"
          className="w-full sm:mt-[1.625rem] sm:w-auto sm:justify-self-start"
          disabled={!ready}
          loading={create.isPending}
          icon={<Plus size={16} aria-hidden="true" />}
        >
          Create key
        </Button>
      </div>
    </form>
  );
}

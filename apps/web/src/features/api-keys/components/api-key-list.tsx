import type { ApiKey } from '@portal/shared/api-keys/api-keys.schemas';
import Trash2 from 'lucide-react/icons/trash';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { useMemo } from 'react';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { resolveTimeZone } from '../../../lib/time-zone.ts';
import { useIsWide } from '../../../lib/use-media-query.ts';
import { SCOPE_SHORT } from './api-keys-messages.ts';

/** Days and times in the profile's time zone, as every other time of the portal. */
function useKeyDates(timeZone: string | undefined) {
  return useMemo(() => {
    const zone = resolveTimeZone(timeZone);
    return {
      created: (k: ApiKey) => formatDate(k.created_at, zone),
      lastUsed: (k: ApiKey) => (k.last_used_at ? formatDateTime(k.last_used_at, zone) : 'Never used'),
      expires: (k: ApiKey) => formatDate(k.expires_at, zone),
    };
  }, [timeZone]);
}
type KeyDates = ReturnType<typeof useKeyDates>;

/** Read-only keys in grey; keys that may change postbacks stand out. */
function ScopeBadge({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Badge
      className={
        apiKey.scope === 'read_write'
          ? 'bg-accent/10 text-accent ring-accent/30'
          : 'bg-slate-100 text-slate-700 ring-slate-500/20'
      }
    >
      {SCOPE_SHORT[apiKey.scope]}
    </Badge>
  );
}

function Prefix({ apiKey }: { apiKey: ApiKey }) {
  return (
    <code className="font-mono text-[13px] whitespace-nowrap text-slate-800" title="The key’s prefix">
      {apiKey.prefix}…
    </code>
  );
}

function ExpiryCell({ apiKey, dates }: { apiKey: ApiKey; dates: KeyDates }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{dates.expires(apiKey)}</span>
      {apiKey.status === 'expired' ? (
        <Badge className="bg-orange-50 text-orange-800 ring-orange-600/30">Expired</Badge>
      ) : null}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (k: ApiKey) => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke ${apiKey.name}`}
      icon={<Trash2 size={15} aria-hidden="true" />}
    >
      Revoke
    </Button>
  );
}

/** The account's keys: a table from 1024 px up, stacked cards below (docs/ui.md). */
export function ApiKeyList({
  keys,
  onRevoke,
  timeZone,
}: {
  keys: ApiKey[];
  onRevoke: (k: ApiKey) => void;
  timeZone?: string | undefined;
}) {
  const wide = useIsWide();
  const dates = useKeyDates(timeZone);
  if (!wide)
    return (
      <ul aria-label="API keys" className="flex flex-col gap-3">
        {keys.map((k) => (
          <li key={k.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{k.name}</p>
                <Prefix apiKey={k} />
              </div>
              <RevokeButton apiKey={k} onRevoke={onRevoke} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Access</dt>
              <dd>
                <ScopeBadge apiKey={k} />
              </dd>
              <dt className="text-slate-600">Created</dt>
              <dd className="text-slate-900">{dates.created(k)}</dd>
              <dt className="text-slate-600">Last Used</dt>
              <dd className="text-slate-900">{dates.lastUsed(k)}</dd>
              <dt className="text-slate-600">Expires</dt>
              <dd className="text-slate-900">
                <ExpiryCell apiKey={k} dates={dates} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <table aria-label="API keys" className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600">
          <th scope="col" className="py-2 pr-4">
            Name
          </th>
          <th scope="col" className="py-2 pr-4">
            Key
          </th>
          <th scope="col" className="py-2 pr-4">
            Access
          </th>
          <th scope="col" className="py-2 pr-4">
            Created
          </th>
          <th scope="col" className="py-2 pr-4">
            Last Used
          </th>
          <th scope="col" className="py-2 pr-4">
            Expires
          </th>
          <th scope="col" className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k.id} className="border-b border-slate-100 last:border-0">
            <td className="py-3 pr-4 font-medium break-words text-slate-900">{k.name}</td>
            <td className="py-3 pr-4">
              <Prefix apiKey={k} />
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <ScopeBadge apiKey={k} />
            </td>
            <td className="py-3 pr-4 whitespace-nowrap text-slate-700 tabular-nums">{dates.created(k)}</td>
            <td className="py-3 pr-4 whitespace-nowrap text-slate-700 tabular-nums">{dates.lastUsed(k)}</td>
            <td className="py-3 pr-4 text-slate-700 tabular-nums">
              <ExpiryCell apiKey={k} dates={dates} />
            </td>
            <td className="py-3 text-right">
              <RevokeButton apiKey={k} onRevoke={onRevoke} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

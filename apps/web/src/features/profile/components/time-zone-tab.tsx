import { useEffect, useMemo, useState } from 'react';
import { TIMEZONE_CLOCK_REFRESH_MS } from '@portal/shared/constants';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { clockIn, formatDate } from '../../../lib/dates.ts';
import { useProfile, useTimezones, useUpdateTimezone } from '../api/profile.ts';
import { PROFILE_MESSAGES } from '../profile-errors.ts';

/** Local and UTC time, refreshed every 250 ms (docs/screens.md, docs/limits.md). */
function Clock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), TIMEZONE_CLOCK_REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  const cell = (label: string, zone: string, testId: string) => (
    <div className="flex-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3.5">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular" data-testid={testId}>
        {clockIn(zone, now)}
      </p>
      <p className="text-sm text-slate-600">
        {formatDate(now, zone)} · {zone}
      </p>
    </div>
  );
  return (
    <div className="flex flex-col gap-3 sm:flex-row" aria-label="Clock">
      {cell('Local Time', timeZone, 'clock-local')}
      {cell('UTC Time', 'UTC', 'clock-utc')}
    </div>
  );
}

export function TimeZoneTab() {
  const profile = useProfile();
  const zones = useTimezones();
  const update = useUpdateTimezone();
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? profile.data?.user_timezone ?? '';

  useEffect(() => {
    if (zones.isError) alerts.error(PROFILE_MESSAGES.timezonesFailed);
  }, [zones.isError]);

  const options = useMemo(() => {
    const list = (zones.data ?? []).map((z) => ({ value: z.id, label: z.name }));
    // Keep the saved zone selectable even before (or without) the list.
    if (current && !list.some((o) => o.value === current)) list.unshift({ value: current, label: current });
    return list;
  }, [zones.data, current]);

  const change = (next: string) => {
    const previous = current;
    setValue(next);
    update.mutate(
      { user_timezone: next, user_id: profile.data?.user_id },
      {
        onSuccess: () => alerts.success(PROFILE_MESSAGES.timezoneSaved),
        onError: () => {
          setValue(previous);
          alerts.error(PROFILE_MESSAGES.timezoneSaveFailed);
        },
      },
    );
  };

  if (profile.isError)
    return (
      <LoadFailure
        title={PROFILE_MESSAGES.wentWrong}
        what="your time zone"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      <Clock timeZone={current || 'UTC'} />
      <SelectField
        label={
          <span className="inline-flex items-center gap-2">
            Time Zone {update.isPending ? <Spinner size={14} label="Saving" /> : null}
          </span>
        }
        hint="Reports group days and hours in this time zone. Changes are saved at once."
        containerClassName="max-w-md"
        options={options}
        value={current}
        disabled={profile.isPending || update.isPending}
        onChange={(e) => change(e.target.value)}
      />
    </div>
  );
}

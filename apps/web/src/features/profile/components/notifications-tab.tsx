import { useState, type FormEvent } from 'react';
import {
  NOTIFICATION_SUBSCRIPTION_KEYS,
  NOTIFICATION_SUBSCRIPTION_LABELS,
  type NotificationSubscriptionKey,
} from '@portal/shared/constants';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/field.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { useProfile, useUpdateNotifications } from '../api/profile.ts';
import { PROFILE_MESSAGES } from '../profile-errors.ts';

const DESCRIPTIONS: Record<NotificationSubscriptionKey, string> = {
  campaign_90_cap: 'An e-mail when an offer you run reaches 90% of its conversion cap.',
  campaign_reach_cap: 'An e-mail when an offer you run reaches its cap and stops converting.',
  offer_expire: 'An e-mail when an offer you run expires.',
};

export function NotificationsTab() {
  const profile = useProfile();
  const update = useUpdateNotifications();
  const [selected, setSelected] = useState<NotificationSubscriptionKey[] | null>(null);
  const current = selected ?? profile.data?.notification_subscriptions ?? [];

  if (profile.isPending) return <LoadingBlock label="Loading your preferences" />;
  if (profile.isError)
    return (
      <LoadFailure
        title={PROFILE_MESSAGES.wentWrong}
        what="your notification preferences"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );

  const toggle = (k: NotificationSubscriptionKey, on: boolean) =>
    setSelected(NOTIFICATION_SUBSCRIPTION_KEYS.filter((x) => (x === k ? on : current.includes(x))));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(current, {
      onSuccess: () => {
        setSelected(null);
        alerts.success(PROFILE_MESSAGES.notificationsSaved);
      },
      onError: () => alerts.error(PROFILE_MESSAGES.wentWrong),
    });
  };

  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm text-slate-600">Choose which e-mails you want to receive.</legend>
        {NOTIFICATION_SUBSCRIPTION_KEYS.map((k) => (
          <Checkbox
            key={k}
            name={k}
            label={NOTIFICATION_SUBSCRIPTION_LABELS[k]}
            description={DESCRIPTIONS[k]}
            checked={current.includes(k)}
            onChange={(e) => toggle(k, e.target.checked)}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}

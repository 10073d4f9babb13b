import { NOTIFICATION_TITLE_MAX, type NotificationAudience } from '@portal/shared/admin/notification-sends.constants';
import { useId, useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Checkbox, FieldShell, TextField } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select/select.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { loadRecipients, useSendNotification } from './notification-sends-api.ts';

const textarea =
  'block w-full rounded-lg border bg-white px-3 py-2 font-mono text-[13px] text-slate-900 shadow-xs ' +
  'focus:outline-none focus:ring-3 focus:ring-accent/20';

/**
 * Loaded on demand (lazy-compose-notification.tsx), with the searchable select it uses: a publisher
 * page's file never carries it. Compose: title, the body's HTML (sanitised by the server before it is stored), urgent, and who
 * gets it (every active publisher, or publishers chosen by a search); then Send.
 */
export function ComposeNotification() {
  const send = useSendNotification();
  const bodyId = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [audience, setAudience] = useState<NotificationAudience>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const err = send.error;
  const fields = {
    title: fieldMessage(err, 'title'),
    audience: fieldMessage(err, 'audience'),
    publisher_ids: fieldMessage(err, 'publisher_ids'),
  };
  const problem = err && !fields.title && !fields.audience && !fields.publisher_ids ? consoleWriteProblem(err) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      {
        title: title.trim(),
        body,
        urgent,
        audience,
        publisher_ids: audience === 'chosen' ? chosen.map(Number) : null,
      },
      {
        onSuccess: (r) => {
          const n = r.data.recipients;
          alerts.success(`Sent to ${n} publisher${n === 1 ? '' : 's'}.`);
          setTitle('');
          setBody('');
          setUrgent(false);
          setChosen([]);
          send.reset();
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Compose</h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <TextField
          label="Title"
          name="title"
          required
          maxLength={NOTIFICATION_TITLE_MAX}
          autoComplete="off"
          value={title}
          error={fields.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <FieldShell
          id={bodyId}
          label="Body"
          hint="HTML: paragraphs, bold, lists and links. Anything else (scripts, styles, frames) is removed before it is stored."
        >
          <textarea
            id={bodyId}
            name="body"
            rows={5}
            className={cn(textarea, 'border-slate-300 focus:border-accent')}
            aria-describedby={`${bodyId}-hint`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </FieldShell>
        <Checkbox
          label="Urgent"
          description="Shown as urgent in the publisher's bell and list."
          checked={urgent}
          onChange={(e) => setUrgent(e.target.checked)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Recipients</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="audience"
              className="size-4 accent-[var(--accent)]"
              checked={audience === 'all'}
              onChange={() => setAudience('all')}
            />
            All publishers
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="audience"
              className="size-4 accent-[var(--accent)]"
              checked={audience === 'chosen'}
              onChange={() => setAudience('chosen')}
            />
            Chosen publishers
          </label>
          {fields.audience ? <p className="text-sm text-red-700">{fields.audience}</p> : null}
        </fieldset>
        {audience === 'chosen' ? (
          <Select
            multiple
            label="Publishers"
            required
            placeholder="Search by name, e-mail or id"
            loadOptions={loadRecipients}
            value={chosen}
            selectedLabels={labels}
            error={fields.publisher_ids ?? null}
            onChange={(values, options) => {
              setChosen(values);
              setLabels((l) => ({ ...l, ...Object.fromEntries(options.map((o) => [o.value, o.label])) }));
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">Every active publisher gets it.</p>
        )}
        <div>
          <Button
            type="submit"
            loading={send.isPending}
            disabled={!title.trim() || (audience === 'chosen' && chosen.length === 0)}
          >
            Send
          </Button>
        </div>
      </form>
    </Card>
  );
}

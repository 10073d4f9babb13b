import type {
  DeliveryAttempt,
  DeliverySendTestResponse,
} from '@portal/shared/postback-deliveries/postback-deliveries.schemas';
import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Send from 'lucide-react/icons/send';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { DateTimePicker } from '../../../components/ui/date-range/date-time-picker.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select/select.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { tooManyMessage } from '../../../lib/api-error.ts';
import { alerts } from '../../../lib/alerts.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useReplayDelivery, useReplayFailed, useSendTest } from '../api/postback-delivery-actions.ts';
import { usePostbackDeliveries } from '../api/get-postback-deliveries.ts';

type StatusFilter = 'all' | 'failed' | 'delivered' | 'pending' | 'stopped';
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All deliveries' },
  { value: 'failed', label: 'Failed' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'pending', label: 'Pending' },
  { value: 'stopped', label: 'Stopped' },
];

/** Plain names for the error classes of an attempt. */
const ERROR_CLASS_LABELS: Record<string, string> = {
  blocked_address: 'Address refused',
  blocked_protocol: 'Protocol refused',
  loop: 'Loop',
  invalid_url: 'Invalid URL',
  dns: 'DNS failure',
  timeout: 'Time-out',
  connection: 'Connection failed',
  tls: 'TLS failure',
  redirect: 'Redirect',
  http_4xx: 'Refused by receiver',
  http_5xx: 'Receiver error',
  rate_limited: 'Rate limited',
  gone: 'Gone',
  fanout_limit: 'Too many postbacks',
};

/**
 * A postback's deliveries (beyond the spec; docs/tracking.md): every attempt with its time, HTTP status,
 * duration and error class; replay of one delivery or of every failed one since a time; and a
 * test send with sample values. The receiver's answer body is never shown.
 */
export function PostbackDeliveriesModal({
  postback,
  timeZone,
  onClose,
}: {
  postback: Postback | 'all' | null;
  timeZone: string;
  onClose: () => void;
}) {
  const all = postback === 'all';
  return (
    <Modal
      open={postback !== null}
      onOpenChange={(o) => !o && onClose()}
      title={all ? 'Deliveries: every postback' : postback ? `Deliveries: ${postback.postback_name}` : 'Deliveries'}
      description={
        all
          ? 'Each attempt to call your postback URLs, newest first, deleted postbacks’ included.'
          : postback?.postback_type === 'pixel'
            ? 'Pixels run in the visitor’s browser on the thank-you page; only postbacks are delivered from our servers.'
            : 'Each attempt to call your postback URL, newest first.'
      }
      size="lg"
    >
      {postback ? (
        <DeliveriesBody key={all ? 'all' : postback.postback_id} postback={all ? null : postback} timeZone={timeZone} />
      ) : null}
    </Modal>
  );
}

/** One postback's log with its test and replays, or (null) every postback's attempts, each named. */
function DeliveriesBody({ postback, timeZone }: { postback: Postback | null; timeZone: string }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const log = usePostbackDeliveries(postback?.postback_id ?? null, status === 'all' ? null : status);
  const isPostback = postback?.postback_type === 'postback';
  return (
    <div className="flex flex-col gap-5">
      {postback && isPostback ? <SendTest postbackId={postback.postback_id} /> : null}
      {postback && isPostback ? <ReplayFailed postbackId={postback.postback_id} timeZone={timeZone} /> : null}
      <section aria-label="Delivery log" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="text-base font-semibold text-slate-900">Delivery log</h3>
          <Select
            label="Show"
            className="w-48"
            value={status}
            options={STATUS_FILTERS}
            onChange={(v) => setStatus(v as StatusFilter)}
          />
        </div>
        {log.failed && log.rows.length === 0 ? (
          <LoadFailure
            what="the delivery log"
            error={log.error}
            onRetry={log.retry}
            retrying={log.refreshing}
            className="rounded-lg border border-slate-200"
          />
        ) : log.loading && log.rows.length === 0 ? (
          <LoadingBlock label="Loading deliveries…" />
        ) : log.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No deliveries yet.
          </p>
        ) : (
          <ol
            className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Attempts"
          >
            {log.rows.map((a) => (
              <AttemptRow key={a.attempt_id} attempt={a} timeZone={timeZone} named={postback === null} />
            ))}
          </ol>
        )}
        {log.moreFailed ? (
          <LoadFailure compact what="older attempts" error={log.error} onRetry={log.retry} />
        ) : log.hasMore ? (
          <Button variant="secondary" className="self-center" onClick={log.loadMore} loading={log.loadingMore}>
            Show older attempts
          </Button>
        ) : log.rows.length > 0 ? (
          <p className="text-center text-sm text-slate-500">You&apos;ve reached the end of the list</p>
        ) : null}
      </section>
    </div>
  );
}

function SendTest({ postbackId }: { postbackId: number }) {
  const send = useSendTest();
  const [result, setResult] = useState<DeliverySendTestResponse['data'] | null>(null);
  return (
    <section aria-label="Send a test" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          Call the URL once with sample values (test_s1, test_click…) to check your receiver.
        </p>
        <Button
          variant="secondary"
          icon={<Send size={16} aria-hidden="true" />}
          loading={send.isPending}
          onClick={() =>
            send.mutate(postbackId, {
              onSuccess: setResult,
              onError: (err) => alerts.error(tooManyMessage(err) ?? 'The test could not be sent.'),
            })
          }
        >
          Send test
        </Button>
      </div>
      {result ? (
        <AlertBox
          tone={result.ok ? 'success' : 'error'}
          title={
            result.ok
              ? `Delivered: HTTP ${result.status_code} in ${result.duration_ms} ms`
              : `Not delivered: ${ERROR_CLASS_LABELS[result.error_class ?? ''] ?? result.error_class ?? 'error'}`
          }
        >
          {!result.ok && result.error_message ? <p>{result.error_message}</p> : null}
          <p className="mt-1 font-mono text-xs break-all opacity-90">{result.url}</p>
        </AlertBox>
      ) : null}
    </section>
  );
}

function ReplayFailed({ postbackId, timeZone }: { postbackId: number; timeZone: string }) {
  const [since, setSince] = useState<Date | null>(() => new Date(Date.now() - 24 * 3600_000));
  const replay = useReplayFailed();
  return (
    <section
      aria-label="Replay failed deliveries"
      className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-800">Replay failed deliveries since</span>
        <DateTimePicker value={since} onChange={setSince} timeZone={timeZone} label="Replay failed deliveries since" />
      </div>
      <Button
        variant="secondary"
        icon={<RotateCcw size={16} aria-hidden="true" />}
        disabled={!since}
        loading={replay.isPending}
        onClick={() =>
          since &&
          replay.mutate(
            { since, postbackId },
            {
              onSuccess: (r) =>
                r.replayed === 0
                  ? alerts.info('No delivery failed since then: nothing to send again.')
                  : alerts.success(
                      r.replayed === 1
                        ? '1 failed delivery will be sent again.'
                        : `${r.replayed} failed deliveries will be sent again.`,
                    ),
              onError: (err) => alerts.error(tooManyMessage(err) ?? 'The failed deliveries could not be replayed.'),
            },
          )
        }
      >
        Replay failed
      </Button>
    </section>
  );
}

/** What an attempt's postback is called in the log of every postback (a deleted one has no name left). */
const DELETED_POSTBACK = 'Deleted postback';

function AttemptRow({ attempt: a, timeZone, named }: { attempt: DeliveryAttempt; timeZone: string; named: boolean }) {
  const replay = useReplayDelivery();
  const ok = a.error_class === null && a.status_code !== null && a.status_code < 300;
  const when = formatDateTime(a.attempted_at, timeZone);
  const deleted = a.postback_name === null;
  // A deleted postback's deliveries are never sent again (docs/api.md).
  const canReplay = !deleted && !a.is_test && (a.delivery_status === 'failed' || a.delivery_status === 'stopped');
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2.5 text-sm">
      {named ? (
        <p className={deleted ? 'text-slate-600 italic' : 'font-medium break-words text-slate-900'}>
          {a.postback_name ?? DELETED_POSTBACK}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {ok ? (
          <CircleCheck size={16} aria-hidden="true" className="text-green-700" />
        ) : (
          <CircleAlert size={16} aria-hidden="true" className="text-red-700" />
        )}
        <span className="font-medium text-slate-900 tabular">{when}</span>
        <Badge
          className={ok ? 'bg-green-50 text-green-800 ring-green-600/25' : 'bg-red-50 text-red-800 ring-red-600/25'}
        >
          {a.status_code !== null
            ? `HTTP ${a.status_code}`
            : (ERROR_CLASS_LABELS[a.error_class ?? ''] ?? a.error_class ?? 'Error')}
        </Badge>
        <span className="text-slate-600 tabular">{a.duration_ms} ms</span>
        {a.is_test ? <Badge className="bg-slate-100 text-slate-700 ring-slate-500/25">Test</Badge> : null}
        <span className="text-slate-600">Delivery {a.delivery_status}</span>
        {canReplay ? (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            icon={<RotateCcw size={14} aria-hidden="true" />}
            loading={replay.isPending}
            onClick={() =>
              replay.mutate(a.delivery_id, {
                onSuccess: () => alerts.success('The delivery will be sent again.'),
                onError: (err) => alerts.error(tooManyMessage(err) ?? 'The delivery could not be replayed.'),
              })
            }
          >
            Replay
          </Button>
        ) : null}
      </div>
      {a.error_message ? <p className="text-slate-700">{a.error_message}</p> : null}
      <p className="font-mono text-xs break-all text-slate-600">{a.url}</p>
    </li>
  );
}

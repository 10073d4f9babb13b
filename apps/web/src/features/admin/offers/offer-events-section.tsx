import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '@portal/shared/offers/offers.constants';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Section } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import { newEventRow } from './offer-form.ts';

const PAYOUT_TYPE_OPTIONS = [
  { value: 'cpa', label: 'Amount ($)' },
  { value: 'revshare', label: 'Revenue share (%)' },
];
const EVENT_TYPE_OPTIONS = EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }));
const decimal = (s: string) => s.replace(/[^\d.]/g, '');

/** The offer's events (the first is the base one), each with its type, payout and revenue. */
export function OfferEventsSection({ form, setForm, touch, errorOf }: OfferEditorParts) {
  const setEvent = (i: number, field: string, patch: Partial<(typeof form.events)[number]>) => {
    setForm((f) => ({ ...f, events: f.events.map((e, j) => (j === i ? { ...e, ...patch } : e)) }));
    touch(`events.${i}.${field}`);
  };
  return (
    <Section
      title="Events"
      hint="What the offer pays for. The first event is the base one, shown as the offer's payout."
    >
      <ol className="flex flex-col gap-3">
        {form.events.map((ev, i) => (
          <li
            key={ev.key}
            aria-label={`Event ${i + 1}`}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1.2fr_0.8fr_1.1fr_0.8fr_1.1fr_auto] sm:items-start"
          >
            <TextField
              label="Event name"
              required
              value={ev.name}
              error={errorOf(`events.${i}.name`)}
              onChange={(e) => setEvent(i, 'name', { name: e.target.value })}
            />
            <SelectField
              label="Event type"
              options={EVENT_TYPE_OPTIONS}
              value={ev.eventType}
              error={errorOf(`events.${i}.event_type`)}
              onChange={(e) => setEvent(i, 'event_type', { eventType: e.target.value as EventType })}
            />
            <TextField
              label="Payout"
              inputMode="decimal"
              value={ev.payout}
              error={errorOf(`events.${i}.payout`)}
              onChange={(e) => setEvent(i, 'payout', { payout: decimal(e.target.value) })}
            />
            <SelectField
              label="Payout type"
              options={PAYOUT_TYPE_OPTIONS}
              value={ev.payoutType}
              onChange={(e) => setEvent(i, 'payout', { payoutType: e.target.value as 'cpa' | 'revshare' })}
            />
            <TextField
              label="Revenue"
              inputMode="decimal"
              hint="What the advertiser pays."
              value={ev.revenue}
              error={errorOf(`events.${i}.revenue`)}
              onChange={(e) => setEvent(i, 'revenue', { revenue: decimal(e.target.value) })}
            />
            <SelectField
              label="Revenue type"
              options={PAYOUT_TYPE_OPTIONS}
              value={ev.revenueType}
              onChange={(e) => setEvent(i, 'revenue', { revenueType: e.target.value as 'cpa' | 'revshare' })}
            />
            <div className="sm:pt-7">
              {ev.id === null && form.events.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove event ${i + 1}`}
                  onClick={() => setForm((f) => ({ ...f, events: f.events.filter((_, j) => j !== i) }))}
                >
                  Remove
                </Button>
              ) : i === 0 ? (
                <span className="text-xs text-slate-600">Base</span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {errorOf('events') ? <p className="text-sm text-red-700">{errorOf('events')}</p> : null}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => {
          setForm((f) => ({ ...f, events: [...f.events, newEventRow()] }));
          touch('events');
        }}
      >
        Add event
      </Button>
    </Section>
  );
}

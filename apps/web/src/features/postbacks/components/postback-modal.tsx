import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import { encodePostbackValue } from '@portal/shared/postbacks/postback-macros';
import { POSTBACK_MODAL_OFFER_PAGE_SIZE } from '@portal/shared/constants';
import Trash2 from 'lucide-react/icons/trash-2';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { Select } from '../../../components/ui/select/select.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { isApiError, tooManyMessage } from '../../../lib/api-error.ts';
import { getOfferOptions } from '../../../lib/offer-options.ts';
import { useEventList } from '../api/get-event-list.ts';
import { usePostback } from '../api/get-postback.ts';
import { useSearchOptions } from '../api/get-search-options.ts';
import { useDeletePostback } from '../api/delete-postback.ts';
import { useSavePostback } from '../api/save-postback.ts';
import { postbackFieldErrors, valueVariablesError, type PostbackField } from '../postback-errors.ts';
import { DeletePostbackModal } from './delete-postback-modal.tsx';
import { PostbackPreview } from './postback-preview.tsx';
import { UrlVariablesTable } from './url-variables-table.tsx';
import { ValueField } from './value-field.tsx';

/** What the modal is opened for: a new record (maybe for one offer, then locked) or an existing one. */
export type PostbackModalTarget =
  | { mode: 'create'; offer?: { id: number; name: string } }
  | { mode: 'edit'; postbackId: number; offer?: { id: number; name: string } };

/**
 * Create / Edit Pixel / Postback (docs/screens.md, docs/errors.md). The form is mounted afresh each time the
 * modal opens, so closing or dismissing resets every field and error.
 */
export function PostbackModal({ target, onClose }: { target: PostbackModalTarget | null; onClose: () => void }) {
  const editId = target?.mode === 'edit' ? target.postbackId : null;
  const record = usePostback(editId);
  const title = target?.mode === 'edit' ? 'Edit Pixel / Postback' : 'Create Pixel / Postback';
  return (
    <Modal open={target !== null} onOpenChange={(o) => !o && onClose()} title={title} size="lg">
      {target === null ? null : target.mode === 'edit' ? (
        <QueryBlock query={record} what="the postback" boxed={false}>
          {(data) => <PostbackForm key={`edit-${editId}`} target={target} record={data} onDone={onClose} />}
        </QueryBlock>
      ) : (
        <PostbackForm key="create" target={target} record={null} onDone={onClose} />
      )}
    </Modal>
  );
}

interface FormValues {
  name: string;
  /** '' = all offers. */
  offerId: string;
  offerLabel: string;
  /** '' = all events. */
  eventId: string;
  /** '' = all types. */
  eventType: string;
  status: string;
  type: string;
  value: string;
  /** Called again on each change of a conversion's status (server postbacks only). */
  onStatusChange: boolean;
}

function initialValues(target: PostbackModalTarget, record: Postback | null): FormValues {
  if (record) {
    return {
      name: record.postback_name,
      offerId: record.postback_offer_id === null ? '' : String(record.postback_offer_id),
      offerLabel:
        record.postback_offer_id === null
          ? 'All Offers'
          : `[${record.postback_offer_id}] ${record.postback_offer_name ?? ''}`,
      eventId: record.postback_event_id === null ? '' : String(record.postback_event_id),
      eventType: record.postback_event_type ?? '',
      status: record.postback_status,
      type: record.postback_type,
      value: record.postback_value,
      onStatusChange: record.send_on_status_change,
    };
  }
  return {
    name: '',
    offerId: target.offer ? String(target.offer.id) : '',
    offerLabel: target.offer ? `[${target.offer.id}] ${target.offer.name}` : 'All Offers',
    eventId: '',
    eventType: '',
    status: 'active',
    type: 'postback',
    value: '',
    onStatusChange: false,
  };
}

const ALL = (label: string) => ({ value: '', label });

function PostbackForm({
  target,
  record,
  onDone,
}: {
  target: PostbackModalTarget;
  record: Postback | null;
  onDone: () => void;
}) {
  const [v, setV] = useState<FormValues>(() => initialValues(target, record));
  const [errors, setErrors] = useState<Partial<Record<PostbackField, string>>>({});
  const valueRef = useRef<HTMLTextAreaElement>(null);
  const save = useSavePostback();
  const remove = useDeletePostback();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const statuses = useSearchOptions('publisher_postback_status');
  const types = useSearchOptions('publisher_postback_type');
  const eventTypes = useSearchOptions('offer_event_type');
  const events = useEventList(v.offerId ? Number(v.offerId) : null);
  const offerLocked = Boolean(target.offer);

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K], errorField?: PostbackField) => {
    setV((old) => ({ ...old, [field]: value }));
    if (errorField) setErrors((old) => ({ ...old, [errorField]: undefined }));
  };
  const setValue = (value: string) => {
    setV((old) => ({ ...old, value }));
    // Checked on every change (docs/errors.md): the error names the variable and goes once corrected.
    setErrors((old) => ({ ...old, postback_value: valueVariablesError(value) ?? undefined }));
  };
  const insert = (variable: string) => {
    const el = valueRef.current;
    const at = el ? el.selectionStart : v.value.length;
    const end = el ? el.selectionEnd : v.value.length;
    setValue(v.value.slice(0, at) + variable + v.value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + variable.length, at + variable.length);
    });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const label = v.name.trim() || 'The postback';
    try {
      await save.mutateAsync({
        ...(record ? { postback_id: record.postback_id } : {}),
        postback_name: v.name,
        postback_status: v.status,
        postback_type: v.type,
        // The form holds the value base64-encoded (docs/api.md); the server reads either form.
        postback_value: encodePostbackValue(v.value),
        // 'All …' sends null (docs/errors.md).
        postback_offer_id: v.offerId === '' ? null : Number(v.offerId),
        postback_event_id: v.eventId === '' ? null : Number(v.eventId),
        postback_event_type: v.eventType === '' ? null : v.eventType,
        // A pixel fires in the visitor's browser: it is never told of a later change.
        send_on_status_change: v.type === 'postback' && v.onStatusChange,
      });
      alerts.success(`${label} has been ${record ? 'updated' : 'created'}.`);
      onDone();
    } catch (err) {
      // Errors the server tied to a field show at the field; a toast only for a failure with no field.
      const fields = isApiError(err) ? postbackFieldErrors(err.fields) : {};
      if (isApiError(err)) setErrors(fields);
      const tooMany = tooManyMessage(err);
      if (tooMany || Object.keys(fields).length === 0)
        alerts.error(tooMany ?? (record ? 'Could not update postback.' : 'Could not create postback.'));
    }
  };

  const deleteRecord = () => {
    if (!record) return;
    remove.mutate(record.postback_id, {
      onSuccess: (deleted) => {
        setConfirmDelete(false);
        alerts.success(`${deleted.postback_name} has been deleted.`);
        onDone();
      },
      onError: (err) => alerts.error(tooManyMessage(err) ?? 'Could not delete postback.'),
    });
  };

  const eventOptions = [
    ALL('All Events'),
    ...(events.data ?? []).map((e) => ({ value: String(e.event_id), label: `${e.event_id} ${e.name}` })),
  ];
  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Name"
          required
          value={v.name}
          maxLength={128}
          onChange={(e) => set('name', e.target.value, 'postback_name')}
          error={errors.postback_name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Offer"
            value={v.offerId}
            selectedLabel={v.offerLabel}
            disabled={offerLocked}
            loadOptions={async (q) => {
              const page = await getOfferOptions({ ...q, limit: POSTBACK_MODAL_OFFER_PAGE_SIZE });
              return q.cursor === null && !q.search ? { ...page, options: [ALL('All Offers'), ...page.options] } : page;
            }}
            onChange={(value, option) => {
              setV((old) => ({ ...old, offerId: value, offerLabel: option.label, eventId: '' }));
              setErrors((old) => ({ ...old, postback_offer_id: undefined, postback_event_id: undefined }));
            }}
            error={errors.postback_offer_id}
            hint={offerLocked ? 'This postback belongs to this offer.' : undefined}
          />
          <Select
            label="Event"
            value={v.eventId}
            options={eventOptions}
            disabled={v.offerId === ''}
            onChange={(value) => set('eventId', value, 'postback_event_id')}
            error={errors.postback_event_id}
            hint={v.offerId === '' ? 'Choose an offer to pick one of its events.' : undefined}
          />
          <Select
            label="Event Type"
            value={v.eventType}
            options={[ALL('All Types'), ...(eventTypes.data ?? [])]}
            onChange={(value) => set('eventType', value, 'postback_event_type')}
            error={errors.postback_event_type}
          />
          <Select
            label="Postback Status"
            value={v.status}
            options={statuses.data ?? []}
            onChange={(value) => set('status', value, 'postback_status')}
            error={errors.postback_status}
            required
          />
          <Select
            label="Tracking Method"
            value={v.type}
            options={types.data ?? []}
            onChange={(value) => set('type', value, 'postback_type')}
            error={errors.postback_type}
            required
            className="sm:col-span-2"
          />
        </div>
        <ValueField ref={valueRef} type={v.type} value={v.value} onChange={setValue} error={errors.postback_value} />
        {v.type === 'postback' ? (
          <Checkbox
            label="Send on status change"
            checked={v.onStatusChange}
            onChange={(e) => setV((x) => ({ ...x, onStatusChange: e.target.checked }))}
            description={
              <>
                Also call this URL when a conversion is approved, rejected or reversed later. Use{' '}
                <code className="font-mono text-[13px]">{'{conversion_status}'}</code> and{' '}
                <code className="font-mono text-[13px]">{'{status_reason}'}</code> to receive the new status and its
                reason.
              </>
            }
          />
        ) : null}
        <PostbackPreview value={v.value} />
        <UrlVariablesTable onInsert={insert} />
        <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3.5 sm:-mx-6 sm:px-6">
          {record ? (
            <Button
              variant="ghost"
              className="mr-auto text-red-700 hover:bg-red-50"
              icon={<Trash2 size={16} aria-hidden="true" />}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onDone}>
            Dismiss
          </Button>
          <Button type="submit" loading={save.isPending}>
            {record ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
      <DeletePostbackModal
        postback={confirmDelete ? record : null}
        pending={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={deleteRecord}
      />
    </>
  );
}

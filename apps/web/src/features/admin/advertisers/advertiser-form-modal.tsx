import { ADVERTISER_STATUSES, type AdvertiserStatus } from '@portal/shared/admin/advertisers.constants';
import type { AdvertiserCreateResponse, AdvertiserRow } from '@portal/shared/admin/advertisers.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { fieldMessage } from '../login-problems.ts';
import { ADVERTISER_STATUS_LABELS } from './advertiser-labels.ts';
import { useCreateAdvertiser, useUpdateAdvertiser } from './advertisers-api.ts';
import { SecretOnce } from './secret-once.tsx';

const STATUS_OPTIONS = ADVERTISER_STATUSES.map((s) => ({ value: s, label: ADVERTISER_STATUS_LABELS[s] }));

/**
 * Create advertiser, or edit one (name, status, and a reason for the audit log). A new advertiser's
 * conversion API token and pixel signing secret are shown this once, each with Copy.
 */
export function AdvertiserFormModal({
  advertiser,
  onClose,
  onCreated,
}: {
  advertiser: AdvertiserRow | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const create = useCreateAdvertiser();
  const update = useUpdateAdvertiser();
  const mutation = advertiser ? update : create;
  const [name, setName] = useState(advertiser?.name ?? '');
  const [status, setStatus] = useState<AdvertiserStatus>(advertiser?.status ?? 'active');
  const [reason, setReason] = useState('');
  const [made, setMade] = useState<AdvertiserCreateResponse['data'] | null>(null);
  const err = mutation.error;
  const fields = { name: fieldMessage(err, 'name'), status: fieldMessage(err, 'status') };

  const submit = () => {
    if (advertiser)
      update.mutate(
        { id: advertiser.id, name: name.trim(), status, reason: reason.trim() || null },
        {
          onSuccess: () => {
            alerts.success(`${name.trim()} is saved.`);
            onClose();
          },
        },
      );
    else create.mutate({ name: name.trim(), status }, { onSuccess: (r) => setMade(r.data) });
  };

  if (made) {
    const done = () => {
      onClose();
      onCreated?.(made.advertiser.id);
    };
    return (
      <Modal
        open
        onOpenChange={(o) => !o && done()}
        title="Advertiser created"
        footer={<Button onClick={done}>Done</Button>}
      >
        <div className="flex flex-col gap-5 text-sm text-slate-700">
          <p>
            {made.advertiser.name} can send conversions with this token and sign pixels with this secret. They are shown
            here this once: copy them now and hand them to the advertiser.
          </p>
          <SecretOnce label="Conversion API token" value={made.token} />
          <SecretOnce label="Pixel signing secret" value={made.pixel_secret} />
        </div>
      </Modal>
    );
  }
  return (
    <ConsoleFormModal
      title={advertiser ? 'Edit advertiser' : 'Create advertiser'}
      description={
        advertiser ? undefined : 'Its conversion API token and pixel signing secret are shown once, when it is made.'
      }
      submitLabel={advertiser ? 'Save' : 'Create'}
      submitDisabled={!name.trim()}
      pending={mutation.isPending}
      error={err}
      errorAtField={Boolean(fields.name || fields.status)}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        required
        autoFocus
        value={name}
        error={fields.name}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        error={fields.status}
        hint="An inactive advertiser's conversion calls are refused."
        onChange={(e) => setStatus(e.target.value as AdvertiserStatus)}
      />
      {advertiser ? (
        <TextField
          label="Reason"
          name="reason"
          hint="Kept in the audit log."
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : null}
    </ConsoleFormModal>
  );
}

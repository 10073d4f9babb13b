import {
  CREATIVE_UPLOAD_MAX_BYTES,
  CREATIVE_UPLOAD_TYPES,
  type AdminCreative,
} from '@portal/shared/admin/offers.schemas';
import { CREATIVE_TYPES, type CreativeType } from '@portal/shared/offers/offers.constants';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldShell, SelectField, TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useAddCreative, useRemoveCreative } from './offers-api.ts';

const TYPE_OPTIONS = CREATIVE_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));
const SIZE_MESSAGE = `The image is over ${CREATIVE_UPLOAD_MAX_BYTES / 1024} KB.`;

/** The file's bytes in base64 (what the API takes). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

/** An offer's creatives: each shown as publishers get it, removable; a new one uploaded or by URL. */
export function OfferCreatives({
  offerId,
  creatives,
  canWrite,
}: {
  offerId: number;
  creatives: AdminCreative[];
  canWrite: boolean;
}) {
  const remove = useRemoveCreative(offerId);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Creatives</h2>
        <p className="mt-1 text-sm text-slate-600">
          Banners and links publishers use. An uploaded image is served by the portal.
        </p>
      </div>
      {creatives.length === 0 ? (
        <p className="text-sm text-slate-600">No creatives yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Creatives">
          {creatives.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 py-2.5">
              {c.type === 'image' ? (
                <img src={c.url} alt="" className="size-12 rounded border border-slate-200 object-contain" />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  {c.name}{' '}
                  <span className="font-normal text-slate-600">({c.uploaded ? 'uploaded image' : c.type})</span>
                </p>
                <a
                  href={c.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate text-sm text-accent hover:underline"
                >
                  {c.url}
                </a>
              </div>
              {canWrite ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${c.name}`}
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() =>
                    remove.mutate(c.id, {
                      onSuccess: () => alerts.success(`${c.name} removed.`),
                      onError: (err) => alerts.error(consoleWriteProblem(err)),
                    })
                  }
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? <AddCreativeForm offerId={offerId} /> : null}
    </Card>
  );
}

function AddCreativeForm({ offerId }: { offerId: number }) {
  const add = useAddCreative(offerId);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [type, setType] = useState<CreativeType>('image');
  const [localError, setLocalError] = useState<string | null>(null);
  const fields = isApiError(add.error) ? add.error.fields : {};
  const problem = add.error && Object.keys(fields).length === 0 ? consoleWriteProblem(add.error) : null;
  const imageError = localError ?? fields['image']?.message;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    add.reset();
    setLocalError(null);
    if (file && file.size > CREATIVE_UPLOAD_MAX_BYTES) return setLocalError(SIZE_MESSAGE);
    const image = file ? { content_type: file.type, data: await base64Of(file) } : null;
    add.mutate(
      { name, ...(image ? { image } : { url, type }) },
      {
        onSuccess: () => {
          alerts.success(`${name.trim()} added.`);
          setName('');
          setUrl('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Add a creative"
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <h3 className="text-sm font-semibold text-slate-800">Add a creative</h3>
      {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Creative name"
          required
          value={name}
          error={fields['name']?.message}
          onChange={(e) => setName(e.target.value)}
        />
        <FieldShell id={fileId} label="Image" error={imageError ?? null} hint="PNG, JPEG, GIF or WebP, at most 512 KB.">
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept={CREATIVE_UPLOAD_TYPES.join(',')}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={imageError ? `${fileId}-error` : `${fileId}-hint`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setLocalError(null);
            }}
          />
        </FieldShell>
        <TextField
          label="Creative URL"
          type="url"
          placeholder="https://"
          hint="Or, instead of an upload, where the creative is."
          disabled={file !== null}
          value={url}
          error={fields['url']?.message}
          onChange={(e) => setUrl(e.target.value)}
        />
        <SelectField
          label="Creative type"
          options={TYPE_OPTIONS}
          disabled={file !== null}
          value={type}
          onChange={(e) => setType(e.target.value as CreativeType)}
        />
      </div>
      <Button type="submit" variant="secondary" className="self-start" loading={add.isPending}>
        Add creative
      </Button>
    </form>
  );
}

import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Section } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import { newLandingPageRow } from './offer-form.ts';

/** The offer's landing pages, each with its name and URL; the first is the default. */
export function OfferLandingPagesSection({ form, setForm, touch, errorOf }: OfferEditorParts) {
  const setPage = (i: number, field: 'url' | 'name', value: string) => {
    setForm((f) => ({
      ...f,
      landingPages: f.landingPages.map((p, j) => (j === i ? { ...p, [field]: value } : p)),
    }));
    touch(`landing_pages.${i}.${field}`);
  };
  return (
    <Section title="Landing pages" hint="Where clicks go. The first is the default; a click may name another.">
      <ol className="flex flex-col gap-3">
        {form.landingPages.map((p, i) => (
          <li key={p.key} aria-label={`Landing page ${i + 1}`} className="flex flex-wrap items-start gap-2">
            <TextField
              label="Landing page name"
              containerClassName="w-full sm:w-56"
              placeholder={`Landing page ${i + 1}`}
              hint={i === 0 ? 'The default.' : 'Publishers pick it by this name.'}
              value={p.name}
              error={errorOf(`landing_pages.${i}.name`)}
              onChange={(e) => setPage(i, 'name', e.target.value)}
            />
            <TextField
              label="Landing page URL"
              containerClassName="min-w-0 flex-1"
              placeholder="https://shop.example/landing?clickid={tid}"
              value={p.url}
              error={errorOf(`landing_pages.${i}.url`)}
              onChange={(e) => setPage(i, 'url', e.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="mt-7"
              aria-label={`Remove landing page ${i + 1}`}
              onClick={() => setForm((f) => ({ ...f, landingPages: f.landingPages.filter((_, j) => j !== i) }))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => setForm((f) => ({ ...f, landingPages: [...f.landingPages, newLandingPageRow()] }))}
      >
        Add landing page
      </Button>
    </Section>
  );
}

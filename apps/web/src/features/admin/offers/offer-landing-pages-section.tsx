import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Section } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import { newLandingPageRow } from './offer-form.ts';

/** The offer's landing pages; the first is the default. */
export function OfferLandingPagesSection({ form, setForm, touch, errorOf }: OfferEditorParts) {
  const setPage = (i: number, url: string) => {
    setForm((f) => ({ ...f, landingPages: f.landingPages.map((p, j) => (j === i ? { ...p, url } : p)) }));
    touch(`landing_pages.${i}.url`);
  };
  return (
    <Section title="Landing pages" hint="Where clicks go. The first is the default; a click may name another.">
      <ol className="flex flex-col gap-3">
        {form.landingPages.map((p, i) => (
          <li key={p.key} aria-label={`Landing page ${i + 1}`} className="flex items-start gap-2">
            <TextField
              label="Landing page URL"
              containerClassName="min-w-0 flex-1"
              placeholder="https://shop.example/landing?clickid={tid}"
              hint={i === 0 ? `The default${p.name ? ` (${p.name})` : ''}.` : (p.name ?? undefined)}
              value={p.url}
              error={errorOf(`landing_pages.${i}.url`)}
              onChange={(e) => setPage(i, e.target.value)}
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

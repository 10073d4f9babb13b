import type { Dispatch, SetStateAction } from 'react';
import type { OfferForm } from './offer-form.ts';

/** What each part of the offer editor gets from it: the form, its setters and the server's field errors. */
export interface OfferEditorParts {
  form: OfferForm;
  setForm: Dispatch<SetStateAction<OfferForm>>;
  /** Sets a form value and marks the request field it feeds as edited (its error goes). */
  set: <K extends keyof OfferForm>(k: K, field: string, v: OfferForm[K]) => void;
  /** Marks a request field as edited. */
  touch: (field: string) => void;
  /** The server's error for a request field, until it is edited. */
  errorOf: (field: string) => string | undefined;
}

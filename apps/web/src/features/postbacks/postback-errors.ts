import { ERROR_CODES } from '@portal/shared/errors/codes';
import type { FieldError } from '@portal/shared/errors/error-codes';
import { unknownMacros } from '@portal/shared/postbacks/postback-macros';

/** The modal's fields, as the API names them. */
export type PostbackField =
  | 'postback_name'
  | 'postback_offer_id'
  | 'postback_event_id'
  | 'postback_event_type'
  | 'postback_status'
  | 'postback_type'
  | 'postback_value';

/**
 * docs/errors.md "Offers, postbacks": field codes to texts; any other code shows the server's message.
 * `postback_url` errors belong to the Value field.
 */
export function postbackFieldErrors(fields: Record<string, FieldError>): Partial<Record<PostbackField, string>> {
  const out: Partial<Record<PostbackField, string>> = {};
  for (const [field, { code, message }] of Object.entries(fields)) {
    if (field === 'postback_status' && code === ERROR_CODES.NOTHING_SELECTED)
      out.postback_status = 'Select a postback status';
    else if (field === 'postback_type' && code === ERROR_CODES.NOTHING_SELECTED)
      out.postback_type = 'Select a postback type';
    else if ((field === 'postback_url' || field === 'postback_value') && code === ERROR_CODES.BAD_FORMAT)
      out.postback_value = 'Incorrect url format';
    else if (field === 'postback_value' && code === ERROR_CODES.TOO_SHORT_OR_INVALID && /variables/i.test(message)) {
      out.postback_value = 'Invalid URL variables';
    } else if (field === 'postback_url') out.postback_value = message;
    else out[field as PostbackField] = message;
  }
  return out;
}

/** The live check of the Value field (docs/errors.md): names every `{variable}` outside the whitelist. */
export function valueVariablesError(value: string): string | null {
  const bad = unknownMacros(value);
  return bad.length ? `Invalid URL variables: ${bad.map((b) => `{${b}}`).join(', ')}` : null;
}

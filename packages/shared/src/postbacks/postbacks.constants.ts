/** The postbacks' constants and labels, without zod (postbacks.schemas.ts re-exports them). */
export const POSTBACK_STATUSES = ['active', 'inactive'] as const;
export type PostbackStatus = (typeof POSTBACK_STATUSES)[number];
export const POSTBACK_TYPES = ['postback', 'pixel'] as const;
export type PostbackType = (typeof POSTBACK_TYPES)[number];

export const POSTBACK_STATUS_LABELS: Record<PostbackStatus, string> = { active: 'Active', inactive: 'Inactive' };
/** docs/api.md: pixel reads "Pixel" in forms and "Iframe" in the global list; anything else "Postback". */
export const POSTBACK_TYPE_LABELS: Record<PostbackType, string> = { postback: 'Postback', pixel: 'Pixel' };
export const postbackTypeListLabel = (type: string | null | undefined) => (type === 'pixel' ? 'Iframe' : 'Postback');

export const POSTBACK_NAME_MAX = 128;
export const POSTBACK_VALUE_MAX = 8192;

/** Delivery-log paths and values, without zod (postback-deliveries.schemas.ts re-exports them). */
export const POSTBACK_DELIVERY_PATHS = {
  log: '/postback-delivery/log',
  replay: '/postback-delivery/replay',
  replayFailed: '/postback-delivery/replay-failed',
  sendTest: '/postback-delivery/send-test',
  preview: '/postback-delivery/preview',
} as const;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'stopped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Error classes an attempt can end with (null: delivered). */
export const DELIVERY_ERROR_CLASSES = [
  'blocked_address',
  'blocked_protocol',
  'loop',
  'invalid_url',
  'dns',
  'timeout',
  'connection',
  'tls',
  'redirect',
  'http_4xx',
  'http_5xx',
  'rate_limited',
  'gone',
  // Not sent: the conversion matched more postbacks than one conversion may send.
  'fanout_limit',
] as const;

import { PAYMENT_METHOD_LABELS, PAYMENT_PAUSE_HOURS, type PaymentMethod } from '@portal/shared';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The account's notice of changed payment details: sent to the user who changed them (the
 * account's e-mail), with the method only — never the details themselves.
 */
export function paymentDetailsChangedMail(n: {
  to: string;
  firstname: string;
  publisherName: string;
  method: PaymentMethod;
  pausedUntil: Date;
  ip: string;
  publicUrl: string;
}): MailMessage {
  return {
    to: n.to,
    subject: 'Your payment details were changed',
    text:
      `Hello ${n.firstname},\n\n` +
      `The payment details of your publisher account ${n.publisherName} were changed ` +
      `(method: ${PAYMENT_METHOD_LABELS[n.method]}) from the address ${n.ip}.\n\n` +
      `For your safety, payments to the account are paused for ${PAYMENT_PAUSE_HOURS} hours, ` +
      `until ${n.pausedUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC.\n\n` +
      `If you did not make this change, change your password now and contact your account manager:\n\n` +
      `${n.publicUrl}/profile\n`,
  };
}

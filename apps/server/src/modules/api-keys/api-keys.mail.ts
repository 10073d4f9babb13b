import type { ApiKey } from '@portal/shared';
import type { MailMessage } from '../../lib/mailer.ts';

const SCOPE_TEXT: Record<ApiKey['scope'], string> = {
  read: 'read (reports, totals, offers and invoices)',
  read_write: 'read and write (reports, totals, offers, invoices and postbacks, which it can create and change)',
};

/**
 * The notice the account's e-mail gets when a key is made: if it was not the owner, they learn of it
 * and how to end it. Names the key by its prefix, never the key.
 */
export function apiKeyCreatedMail(opts: {
  to: string;
  firstname: string;
  publisherName: string;
  key: ApiKey;
  ip: string;
  publicUrl: string;
}): MailMessage {
  const { key } = opts;
  const day = key.expires_at.slice(0, 10);
  return {
    to: opts.to,
    subject: 'A new API key was made for your account',
    text:
      `Hello ${opts.firstname},\n\n` +
      `A new API key was made for ${opts.publisherName}:\n\n` +
      `  name:    ${key.name}\n` +
      `  key:     ${key.prefix}… (the rest was shown once, to whoever made it)\n` +
      `  scope:   ${SCOPE_TEXT[key.scope]}\n` +
      `  expires: ${day}\n` +
      `  made:    ${key.created_at} from ${opts.ip}\n\n` +
      `If it was you, there is nothing to do.\n\n` +
      `If it was not: revoke it at ${opts.publicUrl}/profile/api-keys, then choose "Log out everywhere" ` +
      `under Change Password (it ends every session and every API key of yours) and change your password.`,
  };
}

import type { PublisherStatusAction } from '@portal/shared/admin/publishers.constants';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * What a publisher's users are told when the network changes their account's status. The
 * operator's reason stays in the audit log: it is the network's note, not the publisher's.
 */
export function statusMail(
  action: PublisherStatusAction,
  publisher: { name: string },
  to: string,
  publicUrl: string,
): MailMessage {
  const login = `${publicUrl}/login`;
  switch (action) {
    case 'approve':
      return {
        to,
        subject: 'Your publisher account is approved',
        text:
          `Hello,\n\nYour publisher account ${publisher.name} is approved. ` +
          `You can log in now with your e-mail address and password:\n\n${login}\n`,
      };
    case 'reject':
      return {
        to,
        subject: 'Your publisher account was not approved',
        text:
          `Hello,\n\nYour application for the publisher account ${publisher.name} was not approved, ` +
          `so the account cannot log in. Reply to this e-mail if you think this is a mistake.\n`,
      };
    case 'suspend':
      return {
        to,
        subject: 'Your publisher account is suspended',
        text:
          `Hello,\n\nYour publisher account ${publisher.name} is suspended: it cannot log in, ` +
          `and its API keys stop working, until the network reactivates it. ` +
          `Please contact your account manager.\n`,
      };
    case 'reactivate':
      return {
        to,
        subject: 'Your publisher account is active again',
        text: `Hello,\n\nYour publisher account ${publisher.name} is active again. You can log in now:\n\n${login}\n`,
      };
  }
}

import { mailerFromEnvironment } from '../../../platform/mailer';
import { textMessageProvider } from '../../../platform/text-messages';

/**
 * How codes reach their address. E-mail goes over SMTP (the same nodemailer set-up as the OAuth
 * notices: SMTP_URL or SMTP_HOST…); text messages through the operator's SMS provider
 * (platform/text-messages.ts: SMS_PROVIDER_URL), which throws TextProviderUnavailable when there is none.
 */
export async function sendEmailCode(to: string, code: string): Promise<void> {
  await mailerFromEnvironment().send({
    to,
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}.\n\nIt expires in 10 minutes and can be used once. If you did not ask for it, ignore this e-mail.`,
  });
}

export async function sendSmsCode(to: string, code: string): Promise<void> {
  await textMessageProvider().send({ channel: 'sms', to, body: `Your verification code is ${code}. It expires in 10 minutes.` });
}

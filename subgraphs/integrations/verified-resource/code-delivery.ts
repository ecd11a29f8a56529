import { fetchOutbound } from '../../kit/outbound';
import { mailerFromEnvironment } from '../../kit/mailer';

/**
 * How codes reach their address. E-mail goes over SMTP (the same nodemailer set-up as the OAuth
 * notices: SMTP_URL or SMTP_HOST…); text messages are POSTed as JSON `{to, body}` to the operator's
 * SMS provider at SMS_PROVIDER_URL (with `Authorization: Bearer SMS_PROVIDER_TOKEN` when set), through
 * the outbound policy. The provider is the operator's own configuration, not a user's URL, so a
 * private address is allowed for it.
 */
export async function sendEmailCode(to: string, code: string): Promise<void> {
  await mailerFromEnvironment().send({
    to,
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}.\n\nIt expires in 10 minutes and can be used once. If you did not ask for it, ignore this e-mail.`,
  });
}

export class SmsUnavailable extends Error {}

export async function sendSmsCode(to: string, code: string): Promise<void> {
  const url = process.env.SMS_PROVIDER_URL;
  if (!url) throw new SmsUnavailable('No SMS provider is configured (SMS_PROVIDER_URL)');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (process.env.SMS_PROVIDER_TOKEN) headers.authorization = `Bearer ${process.env.SMS_PROVIDER_TOKEN}`;
  const response = await fetchOutbound(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ to, body: `Your verification code is ${code}. It expires in 10 minutes.` }),
    allowPrivateTargets: true,
  });
  if (response.status < 200 || response.status >= 300) throw new SmsUnavailable(`The SMS provider answered ${response.status}`);
}

import nodemailer, { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { fetchOutbound } from '../../kit/outbound';

export interface EmailMessage {
  to: string;
  senderName: string;
  subject: string;
  html: string;
  text: string;
}

export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  to: string;
  senderName: string;
  body: string;
}

/** Where SMS and WhatsApp messages go: one interface, one implementation per provider. */
export interface TextMessageProvider {
  send(message: TextMessage): Promise<void>;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** E-mail over SMTP (SMTP_URL, or SMTP_HOST/PORT/SECURE/USER/PASSWORD, as the rest of the service); logged when neither is set. */
export function workflowMailer(env: NodeJS.ProcessEnv = process.env): { send(mail: EmailMessage): Promise<void> } {
  let transport: Transporter | undefined;
  if (env.SMTP_URL) transport = nodemailer.createTransport({ url: env.SMTP_URL, ...TIMEOUTS } as SMTPTransport.Options);
  else if (env.SMTP_HOST) {
    transport = nodemailer.createTransport({
      host: env.SMTP_HOST,
      port: Number(env.SMTP_PORT ?? 587),
      secure: env.SMTP_SECURE === 'true',
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
      ...TIMEOUTS,
    });
  }
  const address = /<([^>]+)>/.exec(env.SMTP_FROM ?? '')?.[1] ?? env.SMTP_FROM ?? 'no-reply@svc.local';
  return {
    async send(mail) {
      if (!transport) {
        console.log(`[workflow mail] (no SMTP_URL / SMTP_HOST: logged, not sent) To: ${mail.to} Subject: ${mail.subject}`);
        return;
      }
      await transport.sendMail({ from: { name: mail.senderName, address }, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
  };
}

/**
 * The text message provider from the environment: an HTTP provider (`SMS_PROVIDER_URL`, JSON
 * `{channel, to, from, body}` posted through the outbound policy, `Authorization: Bearer
 * $SMS_PROVIDER_TOKEN`), else a log line.
 */
export function textMessageProvider(env: NodeJS.ProcessEnv = process.env): TextMessageProvider {
  const url = env.SMS_PROVIDER_URL;
  if (!url) return { send: async (m) => console.log(`[workflow ${m.channel}] (no SMS_PROVIDER_URL: logged, not sent) To: ${m.to}`) };
  return {
    async send(message) {
      const response = await fetchOutbound(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(env.SMS_PROVIDER_TOKEN ? { authorization: `Bearer ${env.SMS_PROVIDER_TOKEN}` } : {}) },
        body: JSON.stringify({ channel: message.channel, to: message.to, from: message.senderName, body: message.body }),
      });
      if (response.status < 200 || response.status >= 300) throw new Error(`text message provider answered HTTP ${response.status}`);
    },
  };
}

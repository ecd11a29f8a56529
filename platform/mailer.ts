import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { setting } from './configuration/settings';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (workflow e-mails). */
  html?: string;
  /** Shown as the sender's name, at SMTP_FROM's address (a workflow step's sender). */
  senderName?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Who the e-mails come from: SMTP_FROM, else a no-reply address; a mail's own sender name at that address. */
function from(env: NodeJS.ProcessEnv, senderName: string | undefined) {
  const configured = setting('SMTP_FROM', env);
  if (!senderName) return configured;
  return { name: senderName, address: /<([^>]+)>/.exec(configured)?.[1] ?? configured };
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The SMTP transport the environment describes, if any. nodemailer is loaded here, at the first mail: never at start. */
function smtpTransport(env: NodeJS.ProcessEnv): Transporter | undefined {
  const url = setting('SMTP_URL', env);
  if (!url && !setting('SMTP_HOST', env)) return undefined;
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  if (url) return nodemailer.createTransport({ url, ...TIMEOUTS } as SMTPTransport.Options);
  return nodemailer.createTransport({
    host: setting('SMTP_HOST', env),
    port: setting('SMTP_PORT', env),
    secure: setting('SMTP_SECURE', env),
    auth: setting('SMTP_USER', env) ? { user: setting('SMTP_USER', env)!, pass: setting('SMTP_PASSWORD', env) ?? '' } : undefined,
    ...TIMEOUTS,
  });
}

/**
 * E-mail over SMTP with nodemailer, set up from the environment when a mail is sent:
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), or SMTP_HOST with SMTP_PORT (default 587),
 * SMTP_SECURE (true for TLS from the start), SMTP_USER and SMTP_PASSWORD. With neither, the mail is
 * written to the log instead.
 */
export function mailerFromEnvironment(env: NodeJS.ProcessEnv = process.env): Mailer {
  let transport: Transporter | undefined | null = null;
  return {
    async send(mail) {
      if (transport === null) transport = smtpTransport(env);
      if (!transport) {
        console.log(
          `[mail] (no SMTP_URL / SMTP_HOST: logged, not sent) To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text.replace(/^/gm, '[mail] ')}`,
        );
        return;
      }
      await transport.sendMail({ from: from(env, mail.senderName), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

import { fetchOutbound } from './outbound';
import { setting } from './configuration/settings';

export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  to: string;
  /** The sender's name, for providers that show one (a workflow step's sender). */
  senderName?: string;
  body: string;
}

export class TextProviderUnavailable extends Error {}

/**
 * SMS and WhatsApp through the operator's provider: JSON `{channel, to, from, body}` POSTed to
 * SMS_PROVIDER_URL (with `Authorization: Bearer SMS_PROVIDER_TOKEN` when set) through the outbound
 * policy. The URL is the operator's own configuration, not a user's, so a private address is allowed.
 * Without SMS_PROVIDER_URL, or when the provider answers other than 2xx, `send` throws
 * TextProviderUnavailable: the caller decides whether that is a 503 (a code asked for now) or a retry.
 */
export function textMessageProvider(env: NodeJS.ProcessEnv = process.env): { configured: boolean; send(message: TextMessage): Promise<void> } {
  const url = setting('SMS_PROVIDER_URL', env);
  const token = setting('SMS_PROVIDER_TOKEN', env);
  return {
    configured: !!url,
    async send(message) {
      if (!url) throw new TextProviderUnavailable('No SMS provider is configured (SMS_PROVIDER_URL)');
      const response = await fetchOutbound(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ channel: message.channel, to: message.to, from: message.senderName ?? null, body: message.body }),
        allowPrivateTargets: true,
      });
      if (response.status < 200 || response.status >= 300) throw new TextProviderUnavailable(`The SMS provider answered ${response.status}`);
    },
  };
}

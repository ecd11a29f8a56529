import { fetchOutbound } from '../../kit/outbound';

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

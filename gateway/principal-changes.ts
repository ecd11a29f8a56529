import { Client } from 'pg';
import { PRINCIPALS_CHANGED_CHANNEL } from '../platform/context';

/**
 * LISTENs on the channel the organizations and oauth table triggers NOTIFY when a membership, a
 * service-admin flag or an API key changes, whoever made the change (an operator tool, another
 * gateway's request), and hands the user ids over. Reconnects after a lost connection, or when the
 * database was not reachable at start.
 */
export async function listenForPrincipalChanges(databaseUrl: string, onChange: (userIds: number[]) => void): Promise<{ stop(): Promise<void> }> {
  let client: Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const userId = Number(message.payload);
      if (Number.isInteger(userId)) onChange([userId]);
    });
    next.on('error', () => reconnect());
    await next.connect();
    await next.query(`LISTEN ${PRINCIPALS_CHANGED_CHANNEL}`);
    client = next;
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client?.end().catch(() => undefined);
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => reconnect());
    }, 1000);
  };

  // A database that is down when the gateway starts must not keep the gateway down: listen once it is back.
  await connect().catch((error) => {
    console.error(`[gateway] cannot listen for principal changes yet (${(error as Error).message}); retrying`);
    reconnect();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

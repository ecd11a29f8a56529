/** Where the API is and who the app is to it: served beside the app as /config.json (cli/example-web.ts), read once at start. */
export interface AppConfig {
  /** The gateway's public address, such as https://api.example.com (its /graphql, /v2 and /auth). */
  apiUrl: string;
  /** The id of the app's public OAuth client (no secret: PKCE instead). */
  clientId: string;
}

export async function loadConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as AppConfig;
}

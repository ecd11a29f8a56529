import { Client } from 'pg';

/**
 * Creates the database on the server if it does not exist yet (a copy of `template` when given); answers its connection string.
 * A copy is made file by file (STRATEGY FILE_COPY, PostgreSQL 15 and later): the default strategy writes every page of the
 * template through the write-ahead log and shared buffers, ~8 times the server's CPU for the tests' 12 MB template
 * (docs/decisions.md, "Test time (session 16, branch testtime4)").
 */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)} STRATEGY FILE_COPY` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '')}"`;

import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(connectionString: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server of `base` (a URL whose user may create
 * databases), named `<prefix>_<random>`, and how to drop it: for tests and benches.
 */
export async function freshPostgres(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await run(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => drop(base, name),
  };
}

/**
 * pg's Pool.end() resolves before its clients' sockets have closed; a FORCE drop in that
 * moment terminates a backend whose client no longer has an error listener, and the
 * "terminating connection" error surfaces as an uncaught exception in the test run. So wait
 * (briefly) for the database's own connections to go, then drop, forcing only stragglers.
 */
async function drop(base: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (Number(rows[0]?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL for the tests, from the machine's own binaries (Debian's `postgresql`
 * package): a cluster in a temporary directory, trust authentication on loopback only, a free
 * port, no durability (the data is thrown away). TEST_DATABASE_URL, when set, is used instead.
 */
export interface TestPostgres {
  /** The server's `postgres` database: tests make their own databases or schemas in it. */
  url: string;
  stop(): Promise<void>;
}

export const installHint =
  'PostgreSQL is needed for the tests of the PostgreSQL storage and of several replicas, and ' +
  "none was found. Install Debian's server (apt-get install -y postgresql), or point " +
  'TEST_DATABASE_URL at a database the tests may create schemas and databases in.';

/** The directory of initdb and postgres: on the PATH, else the newest under /usr/lib/postgresql. */
export function postgresBinDir(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath) {
    const real = spawnSync('readlink', ['-f', onPath], { encoding: 'utf8' }).stdout.trim();
    const dir = real.slice(0, real.lastIndexOf('/'));
    if (existsSync(join(dir, 'postgres'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function runAs(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error(`${installHint} (running as root, and no postgres user)`);
  return {
    uid: Number(id.stdout.trim()),
    gid: Number(gid.stdout.trim()),
  };
}

async function waitUntilUp(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL stopped at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts a cluster of its own and answers its URL; `stop` ends it and removes its files. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(installHint);
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    { encoding: 'utf8', cwd: dir, ...as },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=400',
  ];
  let output = '';
  const server = spawn(join(bin, 'postgres'), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: dir,
    ...as,
  });
  server.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  server.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stopServer = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // SIGINT is PostgreSQL's fast shutdown.
      server.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, server, () => output);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return { url, stop: stopServer };
}

/** TEST_DATABASE_URL when set, else a cluster of its own. */
export async function testPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: async () => undefined };
  return startTestPostgres();
}

/** A new empty database on the server of `adminUrl`; `drop` removes it. */
export async function createTestDatabase(
  adminUrl: string,
  prefix = 'ms_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * compose.yaml and deploy/nginx.conf describe one deployment: the names,
 * addresses, paths and time limits in one must match the other. (The nginx
 * file itself runs in test/proxy/; no container engine is needed here.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config';
import { FINISH_IN_FLIGHT_MS } from '../../server/http/http-server';
import { rootDir } from '../support/app';

const compose = readFileSync(path.join(rootDir, 'compose.yaml'), 'utf8');
const nginxConf = readFileSync(path.join(rootDir, 'deploy/nginx.conf'), 'utf8');

/** The indented block under a top-level service. */
function service(name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\n)+)`, 'm').exec(compose);
  if (!match) throw new Error(`compose.yaml has no service ${name}`);
  return match[1]!;
}

describe('compose.yaml and deploy/nginx.conf', () => {
  const upstreams = [...nginxConf.matchAll(/^\s*server ([\w-]+):(\d+) /gm)].map((m) => ({ name: m[1]!, port: Number(m[2]) }));

  it('name two app services that nginx sends traffic to, on the app’s port', () => {
    expect(upstreams.map((u) => u.name)).toEqual(['app-a', 'app-b']);
    for (const { name, port } of upstreams) {
      expect(service(name)).toContain('<<: *app');
      expect(port).toBe(parseConfig({}).port);
    }
  });

  it('let the apps trust X-Forwarded-For from nginx’s address only', () => {
    const nginxAddress = /ipv4_address: ([\d.]+)/.exec(service('nginx'))?.[1];
    expect(nginxAddress).toBeDefined();
    expect(compose).toMatch(new RegExp(`TRUST_PROXY: ${nginxAddress!.replaceAll('.', '\\.')}\\n`));
  });

  it('mount the shipped nginx.conf and the certificates where it reads them', () => {
    const nginx = service('nginx');
    expect(nginx).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(nginx).toContain('./deploy/certs:/etc/nginx/certs:ro');
    expect(nginxConf).toContain('ssl_certificate /etc/nginx/certs/fullchain.pem;');
    expect(nginxConf).toContain('ssl_certificate_key /etc/nginx/certs/privkey.pem;');
  });

  it('give both instances the one PostgreSQL, which keeps its data on a named volume and is up before them', () => {
    const url = /DATABASE_URL: (.+)/.exec(compose)?.[1] ?? '';
    expect(url).toMatch(/^postgres:\/\/harbor:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/harbor$/);
    expect(compose).toMatch(/^ {2}app-a:\n {4}<<: \*app\n {4}environment: \*app-environment\n/m);
    expect(compose).toMatch(/^ {2}app-b:\n {4}<<: \*app\n {4}environment: \*app-environment\n/m);
    for (const name of ['app-a', 'app-b']) {
      expect(service(name)).toMatch(/depends_on:\n {6}postgres:\n {8}condition: service_healthy/);
      expect(service(name)).not.toContain('/app/data'); // no shared file any more
    }
    const postgres = service('postgres');
    expect(postgres).toContain('POSTGRES_DB: harbor');
    expect(postgres).toContain('POSTGRES_USER: harbor');
    expect(postgres).toContain('- harbor-db:/var/lib/postgresql/data');
    expect(postgres).not.toContain('ports:');
    expect(compose).toMatch(/^volumes:\n(?:\s*#.*\n)* {2}harbor-db:/m);
  });

  it('wait longer for a stop than the app takes to leave and finish', () => {
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(grace * 1000).toBeGreaterThan(parseConfig({}).drainSeconds * 1000 + FINISH_IN_FLIGHT_MS);
  });
});

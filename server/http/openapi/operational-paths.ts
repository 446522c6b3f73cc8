/** GET /healthz, /readyz and /metrics: what an operator's tooling calls (server/http/readiness.ts, server/http/metrics.ts). */
import { paths } from '../../../shared/paths';
import { METRICS_PATH } from '../metrics';
import type { ApiFacts } from './api-facts';
import { json, noStore, ref } from './openapi-objects';

export function operationalPaths(facts: ApiFacts) {
  const jsonAnswer = (description: string, schema: string) => ({ description, headers: noStore, content: json(ref(schema)) });
  return {
    [paths.health]: {
      get: {
        operationId: 'health',
        tags: ['operations'],
        summary: 'Liveness',
        description: 'The process is alive and answering, whatever it depends on. Also 200 while the instance is shutting down.',
        responses: { '200': jsonAnswer('Alive.', 'Health') },
      },
    },
    [paths.ready]: {
      get: {
        operationId: 'ready',
        tags: ['operations'],
        summary: 'Readiness',
        description: 'Whether the instance wants traffic: probe this one from a load balancer or an orchestrator.',
        responses: {
          '200': jsonAnswer('Ready.', 'Ready'),
          '503': jsonAnswer('Not ready: shutting down (for DRAIN_SECONDS after SIGTERM), or the database cannot be reached.', 'NotReady'),
        },
      },
    },
    [METRICS_PATH]: {
      summary: 'The metrics listener',
      description:
        'Served by a second listener on its own port, METRICS_PORT, and only when that is set: never on the public port, which ' +
        'answers 404 here. Keep the port on a private network.',
      servers: [
        {
          url: 'http://{host}:{port}',
          description: `The metrics listener (METRICS_PORT${facts.metricsPort === undefined ? ': not set on this instance' : ''}).`,
          variables: {
            host: { default: 'localhost', description: "The instance's own address." },
            port: { default: String(facts.metricsPort ?? 9464), description: 'METRICS_PORT (9464 in compose.yaml).' },
          },
        },
      ],
      get: {
        operationId: 'metrics',
        tags: ['operations'],
        summary: 'Prometheus metrics',
        responses: {
          '200': {
            description: 'The Prometheus text exposition format (`text/plain; version=0.0.4`).',
            headers: noStore,
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
  };
}

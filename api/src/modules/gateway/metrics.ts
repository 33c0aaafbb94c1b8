// The gateway's Prometheus metrics, per registered service (never per requested name: unknown
// names would make a label per typo).
import client from 'prom-client';

export type GatewayErrorReason =
  'upstream_5xx' | 'refused' | 'timeout' | 'circuit_open' | 'rate_limited' | 'body_too_large';

export interface GatewayMetrics {
  requests: client.Counter<'service' | 'status'>;
  errors: client.Counter<'service' | 'reason'>;
  duration: client.Histogram<'service'>;
}

export function gatewayMetrics(registry: client.Registry): GatewayMetrics {
  return {
    requests: new client.Counter({
      name: 'flashcard_gateway_requests_total',
      help: 'Calls through the service gateway, by service and the status answered',
      labelNames: ['service', 'status'],
      registers: [registry],
    }),
    errors: new client.Counter({
      name: 'flashcard_gateway_errors_total',
      help: "Gateway calls that failed, by service and why (the service's 5xx, refused, timeout, open circuit, limits)",
      labelNames: ['service', 'reason'],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'flashcard_gateway_request_duration_seconds',
      help: 'Time from a gateway call arriving to its answer sent, by service',
      labelNames: ['service'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

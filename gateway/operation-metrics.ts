import { ApolloServerPlugin } from '@apollo/server';
import { recordOperation } from '../platform/metrics';

/**
 * Counts each operation of the public /graphql by its name, outcome and latency (platform/metrics.ts bounds the names). An
 * operation answered with any error (a request error, a field error) counts as an error. The REST façade's operations
 * run on the internal server and are counted per route instead (rest/request-metrics.ts).
 */
export const operationMetrics: ApolloServerPlugin = {
  async requestDidStart() {
    const started = performance.now();
    return {
      async willSendResponse({ operationName, errors, response }) {
        const failed = Boolean(errors?.length) || (response.body.kind === 'single' && Boolean(response.body.singleResult.errors?.length));
        recordOperation(operationName, failed, (performance.now() - started) / 1000);
      },
    };
  },
};

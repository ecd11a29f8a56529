import { RefreshApiKeyDocument } from '../contracts/generated';
import { route } from '../route';

/** The caller's API key (reference "Api Keys"). */
export const apiKeyRoutes = [
  route({
    method: 'POST',
    path: '/v2/api-keys/refresh',
    tag: 'Api Keys',
    summary:
      'Refresh the API key this request is authenticated with (body {} for a 30-day key): a new key, shown only in this answer; the current one stops working at once',
    document: RefreshApiKeyDocument,
    result: 'refreshApiKey',
  }),
];

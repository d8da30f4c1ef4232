// Broken provider: answers a cancelled query with an analysis result instead of unavailable
// cancelled-before-analysis (KD-REASON-01, OQ-46).

import { evaluateQuery } from '../../../oracle/index.js';
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('cancellation ignored', {
  result: ({ result, request, fixture }) =>
    fixture.cancelled ? evaluateQuery(request, { ...fixture, cancelled: false }) : result,
});

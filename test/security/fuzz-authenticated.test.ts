import { runFuzzSuite } from '../support/fuzz-suite';

/** Every /v2 operation of the served OpenAPI document, fuzzed with the API key of a user who owns real data. */
runFuzzSuite('authenticated');

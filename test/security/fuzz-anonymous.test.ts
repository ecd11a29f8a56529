import { runFuzzSuite } from '../support/fuzz-suite';

/** Every /v2 operation of the served OpenAPI document, fuzzed without credentials (or with malformed ones). */
runFuzzSuite('anonymous');

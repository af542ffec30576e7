import { fuzzShard } from './fuzz-suite.ts';

// Shard 3 of 4 of the schema-driven fuzzing (fuzz-suite.ts).
fuzzShard(2, 4);

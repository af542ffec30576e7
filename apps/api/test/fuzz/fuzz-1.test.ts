import { fuzzShard } from './fuzz-suite.ts';

// Shard 1 of 4 of the schema-driven fuzzing (fuzz-suite.ts).
fuzzShard(0, 4);

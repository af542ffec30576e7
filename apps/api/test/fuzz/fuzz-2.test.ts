import { fuzzShard } from './fuzz-suite.ts';

// Shard 2 of 4 of the schema-driven fuzzing (fuzz-suite.ts).
fuzzShard(1, 4);

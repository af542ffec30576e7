import { fuzzShard } from './fuzz-suite.ts';

// Shard 4 of 4 of the schema-driven fuzzing (fuzz-suite.ts).
fuzzShard(3, 4);

// The Node flag of the server on the embedded database (`npm start` without DATABASE_URL, and the
// end-to-end run, which measures that process's memory): docs/decisions/0013.
export const EMBEDDED_NODE_FLAG = '--max-semi-space-size=4';

/**
 * The environment of that same process (docs/decisions/0013): glibc's malloc serves blocks of
 * 128 KB or more with mmap and gives them back to the system when freed. By default that limit
 * rises to the largest block freed so far, so each argon2id hash (19 MiB: the seed's, then every
 * login's) is kept in its thread's heap afterwards. Measured at start on the e2e's server: 302 and
 * 332 MB of RSS by default, 265 and 267 MB with this.
 */
export const EMBEDDED_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

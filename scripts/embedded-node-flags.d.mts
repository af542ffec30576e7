/** The Node flag of the server on the embedded database (see embedded-node-flags.mjs). */
export declare const EMBEDDED_NODE_FLAG: string;
/** The environment of the server on the embedded database (see embedded-node-flags.mjs). */
export declare const EMBEDDED_ENV: Record<string, string>;

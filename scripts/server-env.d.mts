/** The environment every API server process starts with (see server-env.mjs). */
export declare function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** V8's flags for every API server process on PostgreSQL (see server-env.mjs). */
export declare const SERVER_NODE_FLAGS: string[];

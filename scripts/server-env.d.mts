/** The environment every API server process starts with (see server-env.mjs). */
export declare function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

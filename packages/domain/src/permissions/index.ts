/** The permission matrix: actions → roles, the endpoints' actions, grant and scope rules. */
export * from './matrix.ts';
export * from './endpoints.ts';

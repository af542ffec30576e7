/**
 * The web app is the OAuth client of type mobile named in the specification (section 7). A
 * browser cannot keep a secret, so this one identifies the client, it does not protect it.
 */
export const WEB_OAUTH_CLIENT = { id: 'kc-mobile', secret: 'kc-mobile-secret' } as const;

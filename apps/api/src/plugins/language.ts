import fp from 'fastify-plugin';
import { pickLanguage, type TLanguage } from '@kc/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** es or en, from Accept-Language; es by default. */
    language: TLanguage;
  }
}

/** Every request learns its language from Accept-Language before anything else runs. */
export const languagePlugin = fp(async (app) => {
  app.decorateRequest('language', 'es');
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']);
    done();
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProblem, ZProductList, type TProduct } from '@kc/domain';
import { listProducts } from './repository.ts';

/** GET /api/products: the company's catalogue (one product per calculator plan). */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'The product catalogue: id, productKey (the calculator id), productType, names, fixed values, KC rate',
        response: { 200: ZProductList, 400: ZProblem },
      },
    },
    async (request): Promise<TProduct[]> => {
      const rows = await listProducts(app.db, request.companyId);
      return rows.map((row) => ({
        id: row.id,
        productKey: row.product_key as TProduct['productKey'],
        productType: row.product_type,
        nameEs: row.name_es,
        nameEn: row.name_en,
        fixedValues: row.fixed_values,
        kcRate: Number(row.kc_rate),
      }));
    },
  );
};

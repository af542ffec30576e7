import { useTranslation } from 'react-i18next';
import { useProducts } from '../../../lib/api/get-products.ts';

/** A plan's name in the page's language (the catalogue), or its key while it loads. */
export function useProductName(): (key: string) => string {
  const { i18n } = useTranslation();
  const products = useProducts();
  return (key) => {
    const product = products.data?.find((p) => p.productKey === key);
    if (!product) return key;
    return i18n.language === 'en' ? product.nameEn : product.nameEs;
  };
}

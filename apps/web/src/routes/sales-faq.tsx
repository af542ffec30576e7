import { SalesFaqPage } from '../features/content/components/sales-faq-page.tsx';

export default function Route() {
  return <SalesFaqPage />;
}

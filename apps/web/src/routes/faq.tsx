import { FaqPage } from '../features/content/components/faq-page.tsx';

export default function Route() {
  return <FaqPage />;
}

import { LegalPage } from '../features/content/components/legal-page.tsx';

export default function Route() {
  return <LegalPage page="dataPrivacy" />;
}

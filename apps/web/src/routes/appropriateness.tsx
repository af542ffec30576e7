import { AppropriatenessPage } from '../features/investor-protection/components/appropriateness-page.tsx';

export default function Route() {
  return <AppropriatenessPage />;
}

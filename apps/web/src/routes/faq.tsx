import { PlannedPage } from '../components/ui/planned-page.tsx';

export default function Route() {
  return <PlannedPage titleKey="titles.faq" />;
}

import { CareersPage } from '../features/content/components/careers-page.tsx';

export default function Route() {
  return <CareersPage />;
}

import { LandingPage } from '../features/content/components/landing-page.tsx';

export default function Route() {
  return <LandingPage />;
}

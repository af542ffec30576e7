import { HirePage } from '../features/hiring/components/hire-page.tsx';

export default function Route() {
  return <HirePage />;
}

import { useParams } from 'react-router';
import { LazyCalculatorPage } from '../features/calculators/components/lazy-calculator-page.tsx';

export default function Route() {
  const { id } = useParams();
  return <LazyCalculatorPage planId={id} />;
}

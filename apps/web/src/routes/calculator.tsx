import { useParams } from 'react-router';
import { CalculatorPage } from '../features/calculators/components/calculator-page.tsx';

export default function Route() {
  const { id } = useParams();
  return <CalculatorPage key={id} planId={id} />;
}

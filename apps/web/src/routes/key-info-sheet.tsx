import { useParams } from 'react-router';
import { KeyInfoSheetPage } from '../features/investor-protection/components/key-info-sheet-page.tsx';

export default function Route() {
  const { id } = useParams();
  return <KeyInfoSheetPage planId={id} />;
}

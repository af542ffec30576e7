import { ErasureConfirmPage } from '../features/privacy/ErasureConfirmPage.tsx';

export default function Route() {
  return <ErasureConfirmPage />;
}

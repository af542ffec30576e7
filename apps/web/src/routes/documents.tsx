import { DocumentsPage } from '../features/documents/components/documents-page.tsx';

export default function Route() {
  return <DocumentsPage />;
}

import { ContactPage } from '../features/contact/components/contact-page.tsx';

export default function Route() {
  return <ContactPage kind="finca-ganadera" />;
}

import { Container, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type TUserMe } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useMe } from '../api/get-me.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { ConsentsSection } from '../../consents/components/consents-section.tsx';
import { ExportDataSection } from '../../privacy/components/export-data-section.tsx';
import { ErasureSection } from '../../privacy/ErasureSection.tsx';
import { SecurityLinkSection } from '../../strong-auth/components/security-link-section.tsx';

function Profile({ me }: { me: TUserMe }) {
  const { t } = useTranslation('account');
  const none = t('profile.notProvided');
  const address = [me.billingAddressLine1, me.billingAddressLine2, me.billingPostalCode, me.billingCity, me.billingState, me.billingCountry]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-heading">
      <Title order={2} size="h3" id="profile-heading">
        {t('profile.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <LabelledValue label={t('profile.name')} value={`${me.firstName} ${me.lastName}`} />
        <LabelledValue label={t('profile.email')} value={me.email} />
        <LabelledValue label={t('profile.dni')} value={me.dni ?? none} />
        <LabelledValue label={t('profile.phone')} value={me.phone ?? none} />
        <LabelledValue label={t('profile.dateOfBirth')} value={me.dateOfBirth ? formatDate(me.dateOfBirth) : none} />
        <LabelledValue label={t('profile.address')} value={address || none} />
        <LabelledValue label={t('profile.roles')} value={me.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ')} />
        <LabelledValue label={t('profile.memberSince')} value={formatDate(me.createdAt)} />
        <LabelledValue label={t('profile.advisor')} value={me.advisor ? `${me.advisor.firstName} ${me.advisor.lastName} (${me.advisor.email})` : t('profile.noAdvisor')} />
      </SimpleGrid>
    </Paper>
  );
}

/** /account: the user's data, payment methods (add a card, remove one) and the password change. */
export function AccountPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('account');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Title order={1}>{t('title')}</Title>
      {session ? <AccountBody userId={session.userId} /> : <LoadingScreen />}
    </Container>
  );
}

function AccountBody({ userId }: { userId: string }) {
  const me = useMe(userId);
  return (
    <Stack mt="md" gap="lg">
      {me.isPending ? <LoadingScreen /> : me.isError ? <LoadErrorAlert onRetry={() => void me.refetch()} /> : <Profile me={me.data} />}
      <SecurityLinkSection />
      <PaymentMethods userId={userId} />
      <ChangePasswordForm />
      <ChangeEmailForm />
      <ConsentsSection userId={userId} />
      <ExportDataSection />
      <ErasureSection />
    </Stack>
  );
}

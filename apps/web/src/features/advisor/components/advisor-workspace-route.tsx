import { Alert, Container, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { getSession, pathWithoutSession, restoreSession, useSession, type TSession } from '../../../lib/session.ts';

/**
 * /advisor/dashboard: the workspace for whoever may use it (ADVISOR, ADMIN, COMPANY_MANAGER);
 * everyone else, signed in or not, sees `fallback` (the advisor's presentation page).
 */
export function AdvisorDashboardGate({ workspace, fallback }: { workspace: (session: TSession) => ReactNode; fallback: ReactNode }) {
  const { t } = useTranslation('advisor');
  const session = useSession();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!getSession()) restoreSession();
    setChecked(true);
  }, []);
  if (!checked) return <LoadingScreen />;
  if (!session || !can(session.roles, 'advisor.workspace')) return <>{fallback}</>;
  return (
    <>
      <PageMeta title={`${t('title')} | KC`} description={t('metaDescription')} />
      {workspace(session)}
    </>
  );
}

/** A client's page: signed-in only (else the login page); others are told it is not for them. */
export function AdvisorClientGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('advisor');
  const session = useSession();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!getSession()) restoreSession();
    if (!getSession()) void navigate(pathWithoutSession(), { replace: true });
    setChecked(true);
  }, [navigate, session]);
  return (
    <>
      <PageMeta title={`${t('title')} | KC`} description={t('metaDescription')} />
      {!checked || !session ? (
        <LoadingScreen />
      ) : can(session.roles, 'advisor.workspace') ? (
        children
      ) : (
        <Container size="lg" py="xl">
          <Title order={1}>{t('title')}</Title>
          <Alert color="yellow" variant="light" role="status" mt="md">
            <Text>{t('noAccess')}</Text>
          </Alert>
        </Container>
      )}
    </>
  );
}

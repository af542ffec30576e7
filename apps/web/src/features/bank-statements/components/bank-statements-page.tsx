import { Alert, Anchor, Container, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, paths } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ImportForm } from './import-form.tsx';
import { PastImports } from './past-imports.tsx';
import { UnmatchedLines } from './unmatched-lines.tsx';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/**
 * /admin/bank-statements (advisor, COMPANY_MANAGER, ADMIN): import a bank statement CSV, see
 * what it booked, resolve the lines no contract took (assign to a contract or dismiss), and see
 * the statements imported before.
 */
export function BankStatementsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('bankStatementScreens');
  return (
    <Container size="lg" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('title')} | KC`} description={t('metaDescription')} />
      <Title order={1}>{t('title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'bankStatements.import') ? (
        <>
          <ImportForm />
          <UnmatchedLines />
          <PastImports />
        </>
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('noAccess')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, paths } from '@kc/domain';
import '../i18n.ts';

/** The dashboard's administration link to the distributions screen (ADMIN). */
export function DistributionsAdminLink({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('incomeScreens');
  if (!can(roles, 'income.declare')) return null;
  return (
    <Anchor component={Link} to={paths.distributions.href()}>
      {t('distributions.adminLink')}
    </Anchor>
  );
}

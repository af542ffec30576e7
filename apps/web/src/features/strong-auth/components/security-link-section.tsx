import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import '../i18n.ts';

/** The account page's link to the security page. */
export function SecurityLinkSection() {
  const { t } = useTranslation('strongAuthScreens');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-link-heading">
      <Title order={2} size="h3" id="security-link-heading">
        {t('accountLink.title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('accountLink.text')}
      </Text>
      <Anchor component={Link} to={paths.accountSecurity.href()} mt="xs" display="inline-block">
        {t('accountLink.link')}
      </Anchor>
    </Paper>
  );
}

import { Alert, Anchor, Button, Container, Group, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';

/**
 * What a staff member without a second factor sees in place of the back office (issue 18, 403
 * `enrolmentRequired`): why, and one button to the security page, which they may always reach
 * (so it is never a dead end, and enrolling there lifts the gate).
 */
export function EnrolmentRequiredPage() {
  const { t } = useTranslation('strongAuthScreens');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Container size="sm" py="xl">
      <PageMeta title={t('gate.metaTitle')} description={t('gate.text')} />
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {t('gate.title')}
      </Title>
      <Alert color="yellow" variant="light" mt="md">
        <Text>{t('gate.text')}</Text>
      </Alert>
      <Group mt="lg" gap="lg">
        <Button component={Link} to={paths.accountSecurity.href()}>
          {t('gate.enrol')}
        </Button>
        <Anchor component={Link} to={paths.account.href()}>
          {t('gate.back')}
        </Anchor>
      </Group>
    </Container>
  );
}

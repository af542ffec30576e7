import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { openCookieSettings } from '../../../lib/cookie-consent.ts';
import { addNamespaces } from '../../../lib/i18n.ts';
import legalEs from '../../../locales/es/legal.json';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import type { TTextSection } from '../i18n.ts';
import './content.css';

addNamespaces({ legal: { es: legalEs, en: () => import('../../../locales/en/legal.json') } });

export type TLegalPage = 'privacyPolicy' | 'terms' | 'dataPrivacy' | 'cookies';

interface TCookieRow {
  provider: string;
  purpose: string;
  data: string;
  sharing: string;
  duration: string;
}
const COOKIE_COLUMNS = ['provider', 'purpose', 'data', 'sharing', 'duration'] as const;

function CookieTable() {
  const { t } = useTranslation('legal');
  const headingId = useId();
  const rows = t('cookies.table.rows', { returnObjects: true }) as TCookieRow[];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t('cookies.table.heading')}
      </Title>
      <div role="region" aria-label={t('cookies.table.caption')} tabIndex={0} className="kc-table-scroll" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <table className="kc-table kc-table-wide">
          <caption>{t('cookies.table.caption')}</caption>
          <thead>
            <tr>
              {COOKIE_COLUMNS.map((column) => (
                <th scope="col" key={column}>
                  {t(`cookies.table.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.provider}>
                <th scope="row">{row.provider}</th>
                <td>{row.purpose}</td>
                <td>{row.data}</td>
                <td>{row.sharing}</td>
                <td>{row.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="outline" mt="md" aria-haspopup="dialog" onClick={openCookieSettings}>
        {t('cookies.manageButton')}
      </Button>
    </Box>
  );
}

/** A legal page: title, date, introduction and numbered sections; the cookie policy adds its table. */
export function LegalPage({ page }: { page: TLegalPage }) {
  const { t } = useTranslation('legal');
  useScrollToTop();
  const sections = t(`${page}.sections`, { returnObjects: true }) as TTextSection[];
  return (
    <Container size="md" py="xl">
      <PageMeta title={t(`${page}.meta.title`)} description={t(`${page}.meta.description`)} />
      <Title order={1}>{t(`${page}.title`)}</Title>
      <Text size="sm" c="gray.7" mt="xs">
        {t(`${page}.updated`)}
      </Text>
      <Text mt="md">{t(`${page}.intro`)}</Text>
      <Stack gap="xl" mt="xl">
        {sections.map((section) => (
          <Box component="section" key={section.heading}>
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mt="sm">
                {paragraph}
              </Text>
            ))}
          </Box>
        ))}
        {page === 'cookies' && <CookieTable />}
      </Stack>
    </Container>
  );
}

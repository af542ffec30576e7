import { Alert, Anchor, Button, Container, Group, Modal, NativeSelect, Paper, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ASSET_KINDS, ASSET_STATUSES, can, formatDate, paths, type TAdminAssetQuery, type TAsset, type TAssetKind } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { useAdminAssets } from '../api/get-admin-assets.ts';
import { formatEuros } from '../lib/format.ts';
import { AssetForm } from './asset-form.tsx';
import { AssetStatusActions } from './asset-status-actions.tsx';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
const TONES: Record<TAsset['status'], TStatusTone> = { DRAFT: 'gray', PUBLISHED: 'green', WITHDRAWN: 'orange' };
const PAGE_SIZE = 20;
/** The search is put in the address (and asked for) once typing pauses, not at every key. */
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/assets (ADMIN): the company's homes and plantations in any status, with filters; create, edit, publish, withdraw. */
export function AdminAssetsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('assetsScreens');
  return (
    <Container size="lg" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('admin.title')} | KC`} description={t('admin.metaDescription')} />
      <Title order={1}>{t('admin.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'assets.manage') ? (
        <AdminAssetsBody />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('admin.noAccess')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('admin.back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

type TEditing = { kind: TAssetKind; asset?: TAsset } | null;

function AdminAssetsBody() {
  const { t } = useTranslation('assetsScreens');
  const narrow = useMediaQuery('(max-width: 40em)');
  // The filters live in the address (?estado=DRAFT&tipo=HOME&buscar=…), so a filtered list can be shared.
  const [params, setParams] = useSearchParams();
  const query: TAdminAssetQuery = {
    ...(isOneOf(ASSET_STATUSES, params.get('estado')) ? { status: params.get('estado') as TAsset['status'] } : {}),
    ...(isOneOf(ASSET_KINDS, params.get('tipo')) ? { kind: params.get('tipo') as TAssetKind } : {}),
    ...(params.get('buscar') ? { q: params.get('buscar')! } : {}),
  };
  const assets = useAdminAssets(query);
  const [editing, setEditing] = useState<TEditing>(null);
  // The editor's unsaved changes: closing it then asks first (Escape, the close button, Cancel).
  const [isDirty, setDirty] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const closeEditor = () => {
    setEditing(null);
    setDirty(false);
    setConfirmingDiscard(false);
  };
  const requestClose = () => (isDirty ? setConfirmingDiscard(true) : closeEditor());
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const setFilter = (name: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    }, { replace: true });
  const setSearch = useDebouncedCallback((value: string) => setFilter('buscar', value.trim()), SEARCH_DEBOUNCE_MS);

  const columns: TColumn<TAsset>[] = [
    { label: t('fields.title'), render: (a) => <Text fw={500}>{a.title}</Text> },
    { label: t('fields.kind'), render: (a) => t(`kinds.${a.kind}`) },
    { label: t('fields.city'), render: (a) => `${a.city} (${a.province})` },
    { label: t('fields.status'), render: (a) => <StatusBadge tone={TONES[a.status]}>{t(`statuses.${a.status}`)}</StatusBadge> },
    { label: t('admin.valuation'), align: 'right', render: (a) => formatEuros(a.valuation) },
    { label: t('admin.updatedAt'), render: (a) => formatDate(a.updatedAt) },
    {
      label: t('admin.actions'),
      render: (a) => (
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" aria-label={t('admin.editNamed', { title: a.title })} onClick={() => setEditing({ kind: a.kind, asset: a })}>
            {t('admin.edit')}
          </Button>
          <AssetStatusActions asset={a} onDone={setNotice} />
        </Group>
      ),
    },
  ];

  return (
    <>
      <Text mt="sm" maw={760}>
        {t('admin.intro')}
      </Text>
      {notice ? (
        <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'} mt="md">
          {notice.message}
        </Alert>
      ) : null}
      <Group mt="md" gap="sm">
        <Button onClick={() => setEditing({ kind: 'HOME' })}>{t('admin.newHome')}</Button>
        <Button onClick={() => setEditing({ kind: 'PLANTATION' })}>{t('admin.newPlantation')}</Button>
      </Group>
      <Paper withBorder p="md" mt="md" component="section" aria-label={t('admin.filters')}>
        <Group grow align="end" wrap="wrap">
          <NativeSelect
            label={t('admin.filterStatus')}
            value={query.status ?? ''}
            onChange={(e) => setFilter('estado', e.currentTarget.value)}
            data={[{ value: '', label: t('admin.all') }, ...ASSET_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
            miw={160}
          />
          <NativeSelect
            label={t('admin.filterKind')}
            value={query.kind ?? ''}
            onChange={(e) => setFilter('tipo', e.currentTarget.value)}
            data={[{ value: '', label: t('admin.all') }, ...ASSET_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
            miw={160}
          />
          <TextInput label={t('admin.search')} type="search" defaultValue={query.q ?? ''} onChange={(e) => setSearch(e.currentTarget.value)} miw={200} />
        </Group>
      </Paper>
      {assets.isPending ? (
        <LoadingScreen />
      ) : (
        <>
          {assets.data ? (
            <Text mt="md" size="sm" role="status">
              {t('admin.total', { count: assets.data.total })}
            </Text>
          ) : null}
          <PaginatedList
            items={assets.data?.assets ?? []}
            getKey={(a) => a.id}
            columns={columns}
            view={narrow ? 'CARD' : 'LIST'}
            caption={t('admin.tableCaption')}
            emptyText={t('admin.empty')}
            {...(assets.isError ? { error: '', onRetry: () => void assets.refetch() } : {})}
            pagerLabels={{ label: t('admin.pager.label'), previous: t('admin.pager.previous'), next: t('admin.pager.next'), page: (p: number) => t('admin.pager.page', { page: p }) }}
            pageSize={PAGE_SIZE}
          />
        </>
      )}
      {/* A stack: the confirmation opens above the editor, and Escape closes only the top one. */}
      <Modal.Stack>
        <Modal
          stackId="asset-editor"
          opened={editing !== null}
          onClose={requestClose}
          // A stray click outside must not throw away a form of some twenty-five fields.
          closeOnClickOutside={false}
          size="xl"
          fullScreen={Boolean(narrow)}
          title={editing?.asset ? t('form.editTitle', { title: editing.asset.title }) : editing ? t(editing.kind === 'HOME' ? 'form.createHome' : 'form.createPlantation') : ''}
          closeButtonProps={{ 'aria-label': t('admin.close') }}
        >
          {editing ? (
            <AssetForm
              key={editing.asset?.id ?? editing.kind}
              kind={editing.kind}
              {...(editing.asset ? { asset: editing.asset } : {})}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              onSaved={(saved) => {
                closeEditor();
                setNotice({ ok: true, message: t('admin.saved', { title: saved.title }) });
              }}
            />
          ) : null}
        </Modal>
        <Modal
          stackId="asset-discard"
          opened={confirmingDiscard}
          onClose={() => setConfirmingDiscard(false)}
          title={t('form.discardTitle')}
          withCloseButton={false}
        >
          <Text>{t('form.discardText')}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirmingDiscard(false)} data-autofocus>
              {t('form.keepEditing')}
            </Button>
            <Button color="red.9" onClick={closeEditor}>
              {t('form.discard')}
            </Button>
          </Group>
        </Modal>
      </Modal.Stack>
    </>
  );
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

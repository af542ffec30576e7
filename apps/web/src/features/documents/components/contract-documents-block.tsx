import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { documentsApi, formatDate, formatMoney, type TDocumentItem } from '@kc/domain';
import { tradeSideOf, type TContractDocuments } from '../lib/group-documents.ts';
import { DownloadButton } from './download-button.tsx';

export const documentLang = (language: string) => (language.startsWith('en') ? 'en' : 'es');

/** One contract's documents: the contract document, its yearly statements, a receipt per payment and the confirmation of each KC market trade. */
export function ContractDocumentsBlock({ group, headingOrder = 3 }: { group: TContractDocuments; headingOrder?: 3 | 4 }) {
  const { t, i18n } = useTranslation('documents');
  const lang = documentLang(i18n.language);
  const receiptsId = useId();
  const statementsId = useId();
  const tradesId = useId();
  const url = (d: TDocumentItem) => documentsApi.download(d.id, lang);
  return (
    <Stack gap="xs">
      {group.contractDocument ? (
        <Group>
          <DownloadButton
            url={url(group.contractDocument)}
            fallbackName="kc-contract.pdf"
            label={t('contractDocument')}
            ariaLabel={t('contractDocumentOf', { id: group.contract.id.slice(0, 8) })}
          />
        </Group>
      ) : null}
      <Title order={headingOrder} size="h5" id={statementsId}>
        {t('statements')}
      </Title>
      {group.statements.length === 0 ? (
        <Text size="sm">{t('noStatements')}</Text>
      ) : (
        <Group gap="xs" aria-labelledby={statementsId} role="group">
          {group.statements.map((d) => (
            <DownloadButton key={d.id} url={url(d)} fallbackName="kc-statement.pdf" label={String(d.year)} ariaLabel={t('statementOf', { year: d.year, id: group.contract.id.slice(0, 8) })} variant="default" />
          ))}
        </Group>
      )}
      <Title order={headingOrder} size="h5" id={receiptsId}>
        {t('receipts')}
      </Title>
      {group.receipts.length === 0 ? (
        <Text size="sm">{t('noReceipts')}</Text>
      ) : (
        // A scrolling region is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
        <div role="region" aria-labelledby={receiptsId} tabIndex={0} style={{ overflow: 'auto', maxHeight: 280 }}>
          <Table striped stickyHeader miw={280}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('valueDate')}</Table.Th>
                <Table.Th scope="col">{t('amount')}</Table.Th>
                <Table.Th scope="col">{t('receipt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.receipts.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{formatDate(d.date)}</Table.Td>
                  <Table.Td>{d.amount ? formatMoney(d.amount) : ''}</Table.Td>
                  <Table.Td>
                    <DownloadButton url={url(d)} fallbackName="kc-receipt.pdf" label={t('download')} ariaLabel={t('receiptOf', { date: formatDate(d.date) })} variant="default" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {group.trades.length > 0 ? (
        <>
          <Title order={headingOrder} size="h5" id={tradesId}>
            {t('trades')}
          </Title>
          <div role="region" aria-labelledby={tradesId} tabIndex={0} style={{ overflow: 'auto', maxHeight: 280 }}>
            <Table striped stickyHeader miw={280} data-testid="trade-documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('tradeDate')}</Table.Th>
                  <Table.Th scope="col">{t('tradeDocument')}</Table.Th>
                  <Table.Th scope="col">{t('amount')}</Table.Th>
                  <Table.Th scope="col">{t('download')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.trades.map((d) => {
                  const side = tradeSideOf(d) ?? 'buy';
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>{formatDate(d.date)}</Table.Td>
                      <Table.Td>{t(`tradeTitle.${side}`)}</Table.Td>
                      <Table.Td>{d.amount ? formatMoney(d.amount) : ''}</Table.Td>
                      <Table.Td>
                        <DownloadButton
                          url={url(d)}
                          fallbackName={side === 'buy' ? 'kc-market-purchase.pdf' : 'kc-market-sale.pdf'}
                          label={t('download')}
                          ariaLabel={t(`tradeOf.${side}`, { date: formatDate(d.date) })}
                          variant="default"
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        </>
      ) : null}
    </Stack>
  );
}

import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { diffFields, showValue } from '../lib/audit-params.ts';

/** An entry's changes, field by field: before → after (removed values struck through, added ones bold). */
export function AuditDiff({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const { t } = useTranslation('audit');
  const changes = diffFields(before, after);
  if (changes.length === 0) return <Text size="sm">{t('noChanges')}</Text>;
  const empty = <Text span size="sm" c="gray.7">{t('empty_value')}</Text>;
  return (
    <Table withTableBorder={false} verticalSpacing={2} fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('field')}</Table.Th>
          <Table.Th scope="col">{t('before')}</Table.Th>
          <Table.Th scope="col">{t('after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => {
          const before = showValue(change.before);
          const after = showValue(change.after);
          return (
            <Table.Tr key={change.field}>
              <Table.Td>{change.field}</Table.Td>
              <Table.Td>{before === undefined ? empty : <del>{before}</del>}</Table.Td>
              <Table.Td>{after === undefined ? empty : <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{after}</ins>}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

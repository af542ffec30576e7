import { Text } from '@mantine/core';

/** A read-only field: a small grey label above its value (profile data, contract details). */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

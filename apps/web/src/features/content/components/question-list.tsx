import { Accordion, Text } from '@mantine/core';
import type { TQuestion } from '../i18n.ts';

/**
 * Collapsible questions: the first open, the rest closed, a click on a title toggles its answer
 * (each independently of the others; specification, section 2). Closed answers stay in the HTML (hidden), so the prerendered page
 * and search engines have them; titles are level-2 headings (they follow the page's h1).
 */
export function QuestionList({ items, idPrefix }: { items: TQuestion[]; idPrefix: string }) {
  return (
    <Accordion multiple defaultValue={[`${idPrefix}-0`]} keepMounted keepMountedMode="display-none" order={2} variant="separated" chevronPosition="right">
      {items.map((item, index) => (
        <Accordion.Item key={item.q} value={`${idPrefix}-${index}`}>
          <Accordion.Control>{item.q}</Accordion.Control>
          <Accordion.Panel>
            <Text>{item.a}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QuestionList } from './question-list.tsx';

const items = [
  { q: 'Primera pregunta', a: 'Primera respuesta' },
  { q: 'Segunda pregunta', a: 'Segunda respuesta' },
  { q: 'Tercera pregunta', a: 'Tercera respuesta' },
];

describe('QuestionList', () => {
  it('opens the first answer only; titles are level-2 headings holding buttons that control their answers', () => {
    render(<QuestionList items={items} idPrefix="t" />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(items.map((i) => i.q));
    const buttons = items.map((i) => screen.getByRole('button', { name: i.q }));
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false']);
    for (const [index, button] of buttons.entries()) {
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel?.textContent).toBe(items[index]!.a);
      expect(panel?.hidden).toBe(index !== 0);
    }
    expect(screen.getByRole('region', { name: items[0]!.q })).toHaveProperty('hidden', false);
  });

  it('a click toggles one answer without closing the others', async () => {
    const user = userEvent.setup();
    render(<QuestionList items={items} idPrefix="t" />);
    const third = screen.getByRole('button', { name: items[2]!.q });
    await user.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(items[2]!.a).parentElement?.hidden).toBe(false);
    expect(screen.getByRole('button', { name: items[0]!.q }).getAttribute('aria-expanded')).toBe('true');
    await user.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(items[2]!.a).parentElement?.hidden).toBe(true);
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move between titles', async () => {
    const user = userEvent.setup();
    render(<QuestionList items={items} idPrefix="t" />);
    const [first, second, third] = items.map((i) => screen.getByRole('button', { name: i.q }));
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard(' ');
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(third);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(third);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
  });
});

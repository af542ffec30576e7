import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const stylesDir = path.resolve(src, '../../../node_modules/@mantine/core/styles');

/** The CSS files mantine-styles.ts imports, in order ('Button' for '@mantine/core/styles/Button.css'). */
const imported = [...fs.readFileSync(path.join(src, 'app/mantine-styles.ts'), 'utf8').matchAll(/'@mantine\/core\/styles\/(\w+)\.css'/g)].map((m) => m[1]!);

/** Mantine's own bundle of every component's CSS, in the order its components need. */
const bundle = fs.readFileSync(path.join(stylesDir, '../styles.css'), 'utf8');
/** Where a component's CSS file sits in that bundle (-1 if it is not there verbatim). */
const bundlePosition = (name: string) => bundle.indexOf(fs.readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim().slice(0, 200));

/** What a component is drawn with, beyond its own CSS (from Mantine's sources). */
const BUILT_FROM: Record<string, string[]> = {
  Alert: ['CloseButton'],
  Anchor: ['Text'],
  Button: ['UnstyledButton', 'Loader'],
  Checkbox: ['InlineInput'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Radio: ['InlineInput'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Table: ['ScrollArea'],
  TextInput: ['Input'],
  Textarea: ['Input'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every value imported from '@mantine/core' by the app's screens. */
const usedComponents = new Set(
  sourceFiles(src).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type ')),
    ),
  ),
);

describe('mantine-styles.ts', () => {
  it('links the CSS of every Mantine component the screens use, and of what each is built from', () => {
    expect(usedComponents.has('Button')).toBe(true);
    const needed = [...usedComponents].flatMap((name) => [name, ...(BUILT_FROM[name] ?? [])]).filter((name) => fs.existsSync(path.join(stylesDir, `${name}.css`)));
    expect([...new Set(needed)].filter((name) => !imported.includes(name)).sort()).toEqual([]);
  });

  it("links them in the order of Mantine's own styles.css", () => {
    const positions = imported.map((name) => ({ name, at: bundlePosition(name) }));
    expect(positions.filter((p) => p.at < 0).map((p) => p.name)).toEqual([]);
    expect(imported).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.name));
  });
});

import { createTheme, mergeThemeOverrides } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** The one brand colour: a calm blue-indigo; everything else is Mantine's neutral greys. */
const vault: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#bac8ff',
  '#91a7ff',
  '#748ffc',
  '#5c7cfa',
  '#4c6ef5',
  '#3b5bdb',
  '#364fc7',
  '#2b3f9e',
];

const font =
  '"Inter Variable", Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'vault',
  primaryShade: 7,
  colors: { vault },
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '600' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  // Plain objects rather than Component.extend: importing a component here would pull it into
  // the first bundle of every page, including /login.
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // Required fields carry the native required attribute; a '*' in the label would leak into
    // label-based lookups and reads as noise in a dense UI.
    TextInput: { defaultProps: { size: 'sm', withAsterisk: false } },
    PasswordInput: { defaultProps: { size: 'sm', withAsterisk: false } },
    Select: { defaultProps: { size: 'sm', allowDeselect: false, withAsterisk: false } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Mantine's focus placeholder (a focusable role="presentation" div) is not a menu's child.
    Menu: { defaultProps: { shadow: 'md', radius: 'md', withinPortal: true, withInitialFocusPlaceholder: false } },
    // "Nothing found" stands in a listbox, which may only hold options: it is one, never chosen.
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true } },
    // A dialog's <header> would be a second page banner (its <section> carries role="dialog").
    Modal: { defaultProps: { radius: 'md', attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
    // Links inside text are told apart by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Table: { defaultProps: { verticalSpacing: 'xs', horizontalSpacing: 'md' } },
  },
});

/**
 * Text at 4.5:1 or more (WCAG AA): Mantine's dimmed grey (gray.6) is 3.3:1 on white, and its light
 * badges and buttons draw shade 6 on a 10 % tint of itself, 2–3.5:1 for most colours. These are
 * the darkest shade of each colour that passes on its tint, measured against the gray.0 page.
 */
const LIGHT_TEXT: Record<string, string> = {
  vault: 'var(--mantine-color-vault-8)',
  gray: 'var(--mantine-color-gray-7)',
  violet: 'var(--mantine-color-violet-8)',
  red: '#b52626',
  pink: '#9e1d49',
  grape: '#7f2c94',
  indigo: '#334bbd',
  blue: '#175fa2',
  cyan: '#0a6c7e',
  teal: '#077252',
  green: '#226e32',
  lime: '#456f0a',
  yellow: '#a15300',
  orange: '#ae3a0c',
};

/**
 * The theme with every dialog's × named in the user's language; a dialog that names its own
 * close button keeps its name.
 */
export function localizedTheme(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { ...theme.components!.Modal!.defaultProps, closeButtonProps } },
      Drawer: { defaultProps: { ...theme.components!.Drawer!.defaultProps, closeButtonProps } },
    },
  });
}

/**
 * White text on a filled control at 4.5:1 or more: Mantine fills with shade 7 (red 3.8:1, blue
 * 4.2:1, orange 3:1); these are the nearest shades that pass, and a darker one for hover.
 */
const FILLED: Record<string, [string, string]> = {
  red: ['#c92a2a', '#b02525'],
  blue: ['#1971c2', '#1864ab'],
  cyan: ['#0b7285', '#095c6b'],
  teal: ['#087f5b', '#066649'],
  green: ['#237032', '#1b5a28'],
  lime: ['#456f0a', '#3a5e08'],
  yellow: ['#a15300', '#8a4700'],
  orange: ['#c2410c', '#ae3a0c'],
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    // Field errors, error notes and red menu items (Mantine draws them in red.6, 3.3:1 on white).
    '--mantine-color-error': FILLED.red![0],
    '--mantine-color-red-6': FILLED.red![0],
    ...Object.fromEntries(
      Object.entries(FILLED).flatMap(([color, [filled, hover]]) => [
        [`--mantine-color-${color}-filled`, filled],
        [`--mantine-color-${color}-filled-hover`, hover],
      ]),
    ),
    '--mantine-color-placeholder': '#6c757d',
    ...Object.fromEntries(
      Object.entries(LIGHT_TEXT).flatMap(([color, text]) => [
        [`--mantine-color-${color}-light-color`, text],
        [`--mantine-color-${color}-outline`, text],
        // `c="red"` and its kin: error lines and notes in coloured text read at 4.5:1 too.
        [`--mantine-color-${color}-text`, text],
      ]),
    ),
  },
  dark: {},
});

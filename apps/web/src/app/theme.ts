import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

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

const font = 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

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
    Menu: { defaultProps: { shadow: 'md', radius: 'md', withinPortal: true } },
    Modal: { defaultProps: { radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'xs', horizontalSpacing: 'md' } },
  },
});

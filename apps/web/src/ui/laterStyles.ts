// What the screens after sign-in (the shell) and the public pages people are sent to draw with,
// on top of the entry's ui/firstStyles.ts: every Mantine component's styles (layered, like the
// first ones), the date pickers', and Inter, one variable file for every weight the app uses
// (400–700), Latin only. The sign-in screens draw in the system font the theme lists next and
// save its 48 kB.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@fontsource-variable/inter/wght.css';

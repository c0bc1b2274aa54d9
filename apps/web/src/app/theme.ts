import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A Mantine palette with a darker shade 9. */
function withShade9(color: 'green' | 'orange', shade9: string): MantineColorsTuple {
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8] = DEFAULT_THEME.colors[color];
  return [c0, c1, c2, c3, c4, c5, c6, c7, c8, shade9];
}

// System fonts only (no web fonts). Darker shades keep text and controls at WCAG AA contrast: filled badges and
// buttons use shade 9 with white text, which Mantine's green.9 (#2b8a3e, 4.37:1) and orange.9 (#d9480f, 4.30:1)
// fall short of; these give 5.33:1 and 5.18:1.
export const theme = createTheme({
  primaryColor: 'blue',
  colors: { green: withShade9('green', '#2b7a38'), orange: withShade9('orange', '#c2410c') },
  primaryShade: { light: 9, dark: 7 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'inherit' },
  defaultRadius: 'md',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-anchor': '#1864ab',
    // Hovered light-blue controls (the current page's menu entry): blue.9 text on blue.2 is 4.0:1, on this 4.6:1.
    '--mantine-color-blue-light-hover': '#c3e4ff',
  },
  dark: {},
});

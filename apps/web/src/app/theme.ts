import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// System fonts only (no web fonts). Darker shades keep text and controls at WCAG AA contrast.
export const theme = createTheme({
  primaryColor: 'blue',
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
  },
  dark: {},
});

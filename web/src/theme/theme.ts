/**
 * Suture's Amplify UI theme (used by the ThemeProvider in main.tsx): a calm medical blue as the
 * primary colour (buttons, links, focus rings) and smaller page headings; Amplify's default tokens
 * otherwise. Colours keep WCAG AA contrast on white.
 */
import { createTheme } from '@aws-amplify/ui-react';

const blue = {
  10: { value: '#e8f1fa' },
  20: { value: '#c6dcf2' },
  40: { value: '#7fb0e0' },
  60: { value: '#2f78c4' },
  80: { value: '#0b5394' },
  90: { value: '#083e70' },
  100: { value: '#052a4d' },
};

export const sutureTheme = createTheme({
  name: 'suture',
  tokens: {
    colors: {
      primary: blue,
      brand: { primary: blue },
    },
    components: {
      heading: {
        1: { fontSize: { value: '{fontSizes.xxl.value}' } },
        2: { fontSize: { value: '{fontSizes.xl.value}' } },
        3: { fontSize: { value: '{fontSizes.large.value}' } },
      },
    },
  },
});

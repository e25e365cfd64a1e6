import './contrast.css';
import { ApiError } from '@faraday/client';
import { Badge, createTheme, MantineProvider, NavLink } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';

// Shade 8 keeps links and filled buttons at WCAG AA contrast on white.
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  // Badges: a light tint for the state and dark text, readable at WCAG AA whatever the colour.
  components: {
    Badge: Badge.extend({ defaultProps: { variant: 'light', c: 'dark.8' } }),
    NavLink: NavLink.extend({ defaultProps: { variant: 'filled' } }),
  },
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refused request (4xx) will not succeed on retry; a network hiccup might.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

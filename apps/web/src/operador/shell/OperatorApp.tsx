import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createOperatorQueryClient } from '../lib/operator-query-client.ts';
import { OperatorRoutes } from './OperatorRoutes.tsx';
import { ShellLoading } from '../components/ShellLoading.tsx';

/** The console: its query client and router under /operador. */
export default function OperatorApp() {
  const [queryClient] = useState(createOperatorQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/operador">
        <Suspense fallback={<ShellLoading />}>
          <OperatorRoutes />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

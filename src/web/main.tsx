import { z } from 'zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { App } from './app/app.tsx';

// Our CSP forbids eval; without this zod probes for it (new Function) and the browser reports a violation.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

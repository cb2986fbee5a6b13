import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './routes';
import { languageReady } from './session/language';
import './styles/base.css';

// A phone that chose Kreyòl paints its first screen in Kreyòl (its texts' chunk first, decision 340).
void languageReady().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);

import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { store } from './store';
import { ColorModeProvider, useColorMode } from './color-mode';
import { AppRoutes } from './routes';
import { SessionLifecycle } from '../features/auth/SessionLifecycle';

function Toasts() {
  const { mode } = useColorMode();
  return <ToastContainer position="top-right" autoClose={2000} theme={mode} newestOnTop />;
}

export function App() {
  return (
    <Provider store={store}>
      <ColorModeProvider>
        <BrowserRouter>
          <SessionLifecycle />
          <AppRoutes />
          <Toasts />
        </BrowserRouter>
      </ColorModeProvider>
    </Provider>
  );
}

import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useFacebookLoginMutation } from './connections.api';

/** Spec 2 §9: Facebook login version 9.0 with page scopes, and extra scopes for Instagram. */
const GRAPH_VERSION = 'v9.0';
const PAGE_SCOPES = 'public_profile,pages_messaging,pages_show_list,pages_manage_metadata,pages_read_engagement,business_management';
const INSTAGRAM_SCOPES = 'instagram_basic,instagram_manage_messages';

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(callback: (response: { authResponse?: { userID: string; accessToken: string } | null }) => void, options: { scope: string }): void;
}

let sdkLoading: Promise<FacebookSdk> | null = null;

/** Loads Meta's JavaScript SDK once. */
function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  sdkLoading ??= new Promise((resolve, reject) => {
    const host = window as unknown as { FB?: FacebookSdk; fbAsyncInit?: () => void };
    host.fbAsyncInit = () => {
      host.FB!.init({ appId, version: GRAPH_VERSION, cookie: true, xfbml: false });
      resolve(host.FB!);
    };
    const script = document.createElement('script');
    script.src = 'https://connect.facebook.net/en_US/sdk.js';
    script.async = true;
    script.onerror = () => {
      sdkLoading = null;
      reject(new Error('facebook sdk'));
    };
    document.body.appendChild(script);
  });
  return sdkLoading;
}

/**
 * The Facebook login: the pages it grants (and their Instagram accounts) become connections via POST /facebook.
 * `appId` is the product's Meta app, from GET /plugins; a server without one gets the button disabled with the reason.
 */
export function FacebookLoginPanel(props: { appId: string | undefined; addInstagram: boolean; onConnected: () => void }) {
  const { t } = useTranslation();
  const [facebookLogin] = useFacebookLoginMutation();
  const [busy, setBusy] = useState(false);

  const login = async () => {
    setBusy(true);
    try {
      const sdk = await loadFacebookSdk(props.appId!);
      const auth = await new Promise<{ userID: string; accessToken: string } | null>((resolve) =>
        sdk.login((response) => resolve(response.authResponse ?? null), {
          scope: props.addInstagram ? `${PAGE_SCOPES},${INSTAGRAM_SCOPES}` : PAGE_SCOPES,
        }),
      );
      if (!auth) return;
      await facebookLogin({ facebookUserId: auth.userID, facebookUserToken: auth.accessToken, addInstagram: props.addInstagram }).unwrap();
      toast.success(t('connections.toasts.saved'));
      props.onConnected();
    } catch (error) {
      if (error instanceof Error) toast.error(t('connections.facebook.sdkFailed'));
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Button
        variant="contained"
        startIcon={busy ? <CircularProgress size={16} /> : <FacebookIcon />}
        disabled={!props.appId || busy}
        onClick={() => void login()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {props.addInstagram ? t('connections.facebook.loginInstagram') : t('connections.facebook.login')}
      </Button>
      {props.appId ? null : <Alert severity="info">{t('connections.facebook.notConfigured')}</Alert>}
    </Box>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useAppDispatch } from '../../app/hooks';
import { languages, type Language } from '../../app/i18n';
import { toastError } from '../../app/errors';
import { userUpdated, type SessionUser } from '../auth/auth.slice';
import { useUpdateUserMutation } from '../users/users.api';

/** Language picker (spec 1 §2, §7): switches the interface and saves the choice on the user (PUT /users/{id}). */
export function LanguagePicker({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateUser] = useUpdateUserMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = i18n.resolvedLanguage ?? i18n.language;

  // The language saved on the user follows them to any browser they sign in from.
  useEffect(() => {
    if (user.language && languages.includes(user.language as Language) && user.language !== i18n.resolvedLanguage) {
      void i18n.changeLanguage(user.language);
    }
  }, [user.language, i18n]);

  const choose = async (language: Language) => {
    setAnchor(null);
    if (language === current && language === user.language) return;
    await i18n.changeLanguage(language);
    try {
      await updateUser({ id: user.id, language }).unwrap();
      dispatch(userUpdated({ language }));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <Tooltip title={t('shell.topBar.language')}>
        <IconButton color="inherit" aria-label={t('shell.topBar.language')} onClick={(event) => setAnchor(event.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem key={language} selected={language === current} lang={language} onClick={() => void choose(language)}>
            {t(`shell.languages.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

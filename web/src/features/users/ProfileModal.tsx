import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { toast } from 'react-toastify';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { useColorMode } from '../../app/color-mode';
import { toastError } from '../../app/errors';
import { upperCase } from '../../app/i18n';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { userUpdated, type SessionUser } from '../auth/auth.slice';
import { CropImageModal } from './CropImageModal';
import { useProfileImage } from './use-profile-image';
import { useRemoveUserImageMutation, useUpdateUserMutation, useUploadUserImageMutation, useUserQuery } from './users.api';

interface ProfileValues {
  name: string;
  email: string;
  password: string;
  wpp: string;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  profile: SessionUser['profile'];
}

const PROFILES: SessionUser['profile'][] = ['admin', 'user', 'supervisor'];

/**
 * The user's own profile (spec 1 §2, §5): non-admins edit name, password, e-mail, number, theme and menu default;
 * admins also the profile. Saving updates the session user and applies the chosen theme.
 */
export function ProfileModal({ open, onClose, user }: { open: boolean; onClose: () => void; user: SessionUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { mode, setMode } = useColorMode();
  const isAdmin = user.profile === 'admin' || Boolean(user.super);
  const { data: stored, isFetching } = useUserQuery(user.id, { skip: !open, refetchOnMountOrArgChange: true });
  const [updateUser] = useUpdateUserMutation();
  const [uploadImage, upload] = useUploadUserImageMutation();
  const [removeImage, removal] = useRemoveUserImageMutation();
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [confirmRemoval, setConfirmRemoval] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const picture = useProfileImage(user.profileImage);

  const source = { ...user, ...(stored ?? {}) } as SessionUser;
  const initialValues: ProfileValues = {
    name: source.name ?? '',
    email: source.email ?? '',
    password: '',
    wpp: source.wpp ?? '',
    // The theme on screen (the top bar's switch and the system scheme change it too), not the last one saved here.
    defaultTheme: mode,
    defaultMenu: source.defaultMenu === 'closed' ? 'closed' : 'open',
    profile: source.profile,
  };

  const schema = yup.object({
    name: yup
      .string()
      .trim()
      .min(2, t('users.validation.tooShort'))
      .max(50, t('users.validation.tooLong'))
      .required(t('users.validation.required')),
    password: yup.string().min(5, t('users.validation.tooShort')).max(50, t('users.validation.tooLong')),
    email: yup.string().trim().email(t('users.validation.invalidEmail')).required(t('users.validation.required')),
    wpp: yup.string().trim().max(30, t('users.validation.tooLong')),
  });

  const submit = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    const { profile, password, ...own } = values;
    const body = {
      ...own,
      name: own.name.trim(),
      email: own.email.trim(),
      ...(password ? { password } : {}),
      ...(isAdmin ? { profile } : {}),
    };
    try {
      const saved = await updateUser({ id: user.id, ...body }).unwrap();
      dispatch(
        userUpdated({
          name: saved.name,
          email: saved.email ?? body.email,
          wpp: (saved.wpp as string | null | undefined) ?? null,
          defaultTheme: body.defaultTheme,
          defaultMenu: body.defaultMenu,
          ...(isAdmin ? { profile: (saved.profile as SessionUser['profile']) ?? profile } : {}),
        }),
      );
      setMode(body.defaultTheme);
      toast.success(t('users.profile.saved'));
      onClose();
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
      if (fields) helpers.setErrors(fields);
      toastError(error);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setCropSource(reader.result as string);
    reader.readAsDataURL(file);
  };

  const saveCropped = async (image: Blob) => {
    try {
      const { user: saved } = await uploadImage({ id: user.id, image, fileName: 'profile.png' }).unwrap();
      dispatch(userUpdated({ profileImage: (saved.profileImage as string | null | undefined) ?? null }));
      setCropSource(null);
      toast.success(t('users.profile.imageSaved'));
    } catch (error) {
      toastError(error);
    }
  };

  const deleteImage = async () => {
    try {
      await removeImage(user.id).unwrap();
      dispatch(userUpdated({ profileImage: null }));
      toast.success(t('users.profile.imageRemoved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="profile-modal-title">
        <DialogTitle id="profile-modal-title">{t('users.profile.title')}</DialogTitle>
        {isFetching && !stored ? (
          <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </DialogContent>
        ) : (
          <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit} enableReinitialize>
            {({ values, errors, touched, handleChange, handleBlur, isSubmitting }) => {
              const field = (name: keyof ProfileValues) => ({
                id: `profile-${name}`,
                name,
                value: values[name],
                onChange: handleChange,
                onBlur: handleBlur,
                error: Boolean(touched[name] && errors[name]),
                helperText: touched[name] && errors[name] ? errors[name] : undefined,
                fullWidth: true,
                size: 'small' as const,
              });
              return (
                <Form noValidate>
                  <DialogContent dividers>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                      <Avatar src={picture} alt={user.name} sx={{ width: 72, height: 72, fontSize: 32 }}>
                        {upperCase(user.name.charAt(0))}
                      </Avatar>
                      <Stack direction="row" spacing={1}>
                        <Button variant="outlined" size="small" onClick={() => fileInput.current?.click()} disabled={upload.isLoading}>
                          {t('users.profile.changeImage')}
                        </Button>
                        {user.profileImage ? (
                          <Button color="error" size="small" onClick={() => setConfirmRemoval(true)} disabled={removal.isLoading}>
                            {t('users.profile.removeImage')}
                          </Button>
                        ) : null}
                      </Stack>
                      <input
                        ref={fileInput}
                        type="file"
                        accept="image/png,image/jpeg,image/webp,image/gif"
                        hidden
                        aria-label={t('users.profile.changeImage')}
                        onChange={chooseFile}
                      />
                    </Stack>
                    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                      <TextField {...field('name')} label={t('users.profile.name')} autoFocus required />
                      <TextField {...field('password')} label={t('users.profile.password')} type="password" autoComplete="new-password" />
                      <TextField {...field('email')} label={t('users.profile.email')} type="email" required />
                      <TextField {...field('wpp')} label={t('users.profile.wpp')} inputMode="tel" />
                      <TextField {...field('defaultTheme')} select label={t('users.profile.defaultTheme')}>
                        <MenuItem value="light">{t('users.profile.themes.light')}</MenuItem>
                        <MenuItem value="dark">{t('users.profile.themes.dark')}</MenuItem>
                      </TextField>
                      <TextField {...field('defaultMenu')} select label={t('users.profile.defaultMenu')}>
                        <MenuItem value="open">{t('users.profile.menus.open')}</MenuItem>
                        <MenuItem value="closed">{t('users.profile.menus.closed')}</MenuItem>
                      </TextField>
                      {isAdmin ? (
                        <TextField {...field('profile')} select label={t('users.profile.profile')}>
                          {PROFILES.map((profile) => (
                            <MenuItem key={profile} value={profile}>
                              {t(`users.profiles.${profile}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : null}
                    </Box>
                  </DialogContent>
                  <DialogActions>
                    <Button onClick={onClose}>{t('common.cancel')}</Button>
                    <Button type="submit" variant="contained" disabled={isSubmitting}>
                      {isSubmitting ? <CircularProgress size={20} aria-label={t('common.loading')} /> : t('common.save')}
                    </Button>
                  </DialogActions>
                </Form>
              );
            }}
          </Formik>
        )}
      </Dialog>
      <CropImageModal image={cropSource} onClose={() => setCropSource(null)} onCropped={(image) => void saveCropped(image)} />
      <ConfirmationModal
        open={confirmRemoval}
        title={t('users.profile.removeImageTitle')}
        confirmLabel={t('users.profile.removeImage')}
        onClose={() => setConfirmRemoval(false)}
        onConfirm={() => void deleteImage()}
      >
        {t('users.profile.removeImageText')}
      </ConfirmationModal>
    </>
  );
}
